//! The web board's oracle: any bytes read as an HTTP request either fail with a typed
//! error or reach the application, which answers every request with a status and,
//! under `/api/`, a JSON body, and never panics. The application serves a scratch copy
//! of `variants/`, so saved files land there.

use std::path::Path;
use std::sync::{Arc, OnceLock};
use web::http::{read_request, Handler};

fn copy_dir(from: &Path, to: &Path) {
    let _ = std::fs::create_dir_all(to);
    for e in std::fs::read_dir(from).into_iter().flatten().flatten() {
        let target = to.join(e.file_name());
        if e.file_type().is_ok_and(|t| t.is_dir()) {
            copy_dir(&e.path(), &target);
        } else {
            let _ = std::fs::copy(e.path(), target);
        }
    }
}

fn app() -> &'static Arc<web::App> {
    static APP: OnceLock<Arc<web::App>> = OnceLock::new();
    APP.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("chessgraph-fuzz-http-{}", std::process::id()));
        copy_dir(&crate::root().join("variants"), &dir);
        let catalogue = web::Catalogue::new(&dir).expect("the scratch folder");
        Arc::new(web::App::new(catalogue, 1))
    })
}

/// Reads `data` as a request and, when it reads, answers it.
pub fn check_http(data: &[u8]) {
    let Ok(req) = read_request(&mut &data[..]) else {
        return;
    };
    let r = app().handle(&req);
    assert!((200..600).contains(&r.status), "status {}", r.status);
    if req.path.starts_with("/api/") {
        let body: serde_json::Value =
            serde_json::from_slice(&r.body).expect("API answers are JSON");
        if r.status >= 400 {
            assert!(body["error"].is_string(), "an error names itself: {body}");
        }
    }
}
