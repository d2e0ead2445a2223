//! The application: routes of the page and its JSON API.
//!
//! - `GET /`, `/app.js`, `/app.css`: the page (served from the binary: it works offline).
//! - `GET /api/variants`: every variant of the folder with its players and options;
//!   `POST /api/players` (`variant`, `options`): its players under those options (the
//!   StrategiChess team game has one player of each team per board).
//! - `POST /api/games`: a new game (`variant`, `options`, `seats`, optional `position`
//!   or `record` to continue from); `GET /api/games/ID?seat=NAME`: its state for a seat
//!   (or for the table); `POST /api/games/ID/{move,undo,resign,draw,seats}`.
//! - `GET /api/design/files/NAME`; `POST /api/design/{check,perft,selfplay,save}`;
//!   `GET /api/jobs/ID`, `POST /api/jobs/ID/cancel`.
//!
//! Every answer is JSON (errors as `{"error": message}` with a 4xx status). Requests
//! that change anything must be JSON (`Content-Type: application/json`) and, when the
//! browser names an origin, come from this server's own page: another site cannot
//! drive it.

use crate::catalogue::{option_json, shown, Catalogue, CatalogueError};
use crate::computer::Pool;
use crate::design::{self, Save, Sources};
use crate::game::state::{state, Viewer};
use crate::game::store::Store;
use crate::game::{Game, Seat};
use crate::http::{Handler, Request, Response};
use crate::jobs::Jobs;
use crate::lock;
use chessgraph::record::GameRecord;
use chessgraph::{Position, Variant};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

const INDEX: &str = include_str!("../assets/index.html");
const SCRIPT: &str = include_str!("../assets/app.js");
const STYLE: &str = include_str!("../assets/app.css");
/// A knight's disc, so browsers do not ask in vain.
const ICON: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 16 16\"><circle cx=\"8\" cy=\"8\" r=\"7\" fill=\"#2e6b9e\"/></svg>";

/// The server's state.
pub struct App {
    catalogue: Catalogue,
    games: Arc<Store>,
    pool: Arc<Pool>,
    jobs: Jobs,
    /// The variants list, compiled once (every variant of the folder) and again after
    /// a save.
    listed: std::sync::Mutex<Option<Value>>,
}

type Answer = Result<Response, Response>;

fn bad(status: u16, message: impl Into<String>) -> Response {
    Response::error(status, message)
}

impl App {
    /// The application over `catalogue`, with `workers` computer threads.
    pub fn new(catalogue: Catalogue, workers: usize) -> App {
        let games = Arc::new(Store::default());
        let pool = Pool::start(games.clone(), workers);
        App {
            catalogue,
            games,
            pool,
            jobs: Jobs::default(),
            listed: std::sync::Mutex::new(None),
        }
    }

    fn route(&self, req: &Request) -> Answer {
        let parts: Vec<&str> = req.path.split('/').filter(|p| !p.is_empty()).collect();
        let get = req.method == "GET" || req.method == "HEAD";
        let post = req.method == "POST";
        if post {
            same_origin(req)?;
        }
        match (parts.as_slice(), get, post) {
            ([], true, _) | (["index.html"], true, _) => {
                Ok(Response::asset("text/html; charset=utf-8", INDEX))
            }
            (["app.js"], true, _) => Ok(Response::asset("text/javascript; charset=utf-8", SCRIPT)),
            (["app.css"], true, _) => Ok(Response::asset("text/css; charset=utf-8", STYLE)),
            (["favicon.ico"], true, _) => Ok(Response::asset("image/svg+xml", ICON)),
            (["api", "variants"], true, _) => Ok(self.variants()),
            (["api", "players"], _, true) => self.players(req),
            (["api", "games"], _, true) => self.new_game(req),
            (["api", "games", id], true, _) => self.game_state(id, req),
            (["api", "games", id, "at", ply], true, _) => {
                let game = self
                    .games
                    .get(parse_id(id)?)
                    .ok_or_else(|| bad(404, "no such game"))?;
                let ply: usize = ply.parse().map_err(|_| bad(404, "no such ply"))?;
                let mut g = lock(&game);
                crate::game::state::frame(&mut g, ply)
                    .map(|f| Response::json(&f))
                    .ok_or_else(|| {
                        bad(
                            403,
                            "past positions of a game with hidden pieces are shown when it is over",
                        )
                    })
            }
            (["api", "games", id, action], _, true) => self.game_action(id, action, req),
            (["api", "design", "files", name], true, _) => design::files(&self.catalogue, name)
                .map(|v| Response::json(&v))
                .map_err(|e| catalogue_error(&e)),
            (["api", "design", "check"], _, true) => {
                let src: Sources = body(req)?;
                Ok(Response::json(&design::check(&self.catalogue, &src)))
            }
            (["api", "design", "perft"], _, true) => self.perft(req),
            (["api", "design", "selfplay"], _, true) => self.selfplay(req),
            (["api", "design", "save"], _, true) => {
                let s: Save = body(req)?;
                let saved = design::save(&self.catalogue, &s);
                *lock(&self.listed) = None;
                self.catalogue.forget();
                saved
                    .map(|files| Response::json(&json!({ "saved": files })))
                    .map_err(|(status, m)| bad(status, m))
            }
            (["api", "jobs", id], true, _) => {
                let id = parse_id(id)?;
                self.jobs
                    .get(id)
                    .map(|j| Response::json(&j))
                    .ok_or_else(|| bad(404, "no such job"))
            }
            (["api", "jobs", id, "cancel"], _, true) => {
                let id = parse_id(id)?;
                if self.jobs.cancel(id) {
                    Ok(Response::json(&json!({ "cancelled": true })))
                } else {
                    Err(bad(404, "no such job"))
                }
            }
            (["api", ..], false, false) | ([], false, false) => Err(bad(405, "use GET or POST")),
            _ => Err(bad(404, format!("nothing at `{}`", shown(&req.path)))),
        }
    }

    fn variants(&self) -> Response {
        let mut cached = lock(&self.listed);
        if let Some(v) = &*cached {
            return Response::json(v);
        }
        let list: Vec<Value> = self
            .catalogue
            .names()
            .iter()
            .filter_map(|name| {
                let v = self.catalogue.load(name, &[]).ok()?;
                Some(json!({
                    "name": name,
                    "title": v.name(),
                    "players": players_json(&v),
                    "options": v.options().iter().map(option_json).collect::<Vec<_>>(),
                    "hidden": v.has_hidden_state(),
                }))
            })
            .collect();
        let levels: Vec<&str> = crate::game::LEVELS.iter().map(|l| l.0).collect();
        let v = json!({ "variants": list, "levels": levels });
        let r = Response::json(&v);
        *cached = Some(v);
        r
    }

    /// The players of a variant under the options chosen.
    fn players(&self, req: &Request) -> Answer {
        #[derive(Deserialize)]
        struct Chosen {
            variant: String,
            #[serde(default)]
            options: Vec<(String, String)>,
        }
        let c: Chosen = body(req)?;
        let v = self
            .catalogue
            .load(&c.variant, &c.options)
            .map_err(|e| catalogue_error(&e))?;
        Ok(Response::json(&json!({ "players": players_json(&v) })))
    }

    fn new_game(&self, req: &Request) -> Answer {
        #[derive(Deserialize)]
        struct NewGame {
            variant: String,
            #[serde(default)]
            options: Vec<(String, String)>,
            #[serde(default)]
            seats: Vec<SeatSpec>,
            #[serde(default)]
            position: Option<String>,
            #[serde(default)]
            record: Option<String>,
        }
        let spec: NewGame = body(req)?;
        let mut options = spec.options.clone();
        let record = match spec
            .record
            .as_deref()
            .map(str::trim)
            .filter(|r| !r.is_empty())
        {
            Some(text) => {
                let r = GameRecord::parse(text)
                    .map_err(|e| bad(422, format!("the record does not read: {e}")))?;
                options.extend(r.options().map_err(|e| bad(422, e.to_string()))?);
                Some(r)
            }
            None => None,
        };
        // A mine layout the players did not seed is seeded by the clock.
        let probe = self
            .catalogue
            .load(&spec.variant, &[])
            .map_err(|e| catalogue_error(&e))?;
        if let Some(seed) = probe.seed_option() {
            if !options.iter().any(|(k, _)| k == seed) && record.is_none() {
                let nanos = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.subsec_nanos() % 1_000_000);
                options.push((seed.to_owned(), nanos.to_string()));
            }
        }
        let v: Arc<Variant> = self
            .catalogue
            .load(&spec.variant, &options)
            .map_err(|e| catalogue_error(&e))?;
        let n = v.players().len();
        let seats: Vec<Seat> = (0..n)
            .map(|i| spec.seats.get(i).map_or(Seat::Human, SeatSpec::seat))
            .collect();
        let mut game = match (
            &record,
            spec.position
                .as_deref()
                .map(str::trim)
                .filter(|p| !p.is_empty()),
        ) {
            (Some(r), _) => {
                // The record's own replay checks every move and the result; the
                // game then makes the same moves so its move list and record are its own.
                let end = r
                    .replay(&v, |_, _| {})
                    .map_err(|e| bad(422, format!("the record does not replay: {e}")))?;
                let moves: Vec<chessgraph::Move> = end.moves_made().collect();
                let start = r.start(&v).map_err(|e| bad(422, e.to_string()))?;
                let mut g = Game::new(&spec.variant, start, seats);
                for m in moves {
                    if g.pos.legal_moves().contains(&m) {
                        g.play(m);
                    } else {
                        // A resignation is made as a pass that is not a legal move.
                        let _ = g.resign(None, None);
                    }
                }
                g
            }
            (None, Some(text)) => {
                let pos = Position::from_str(&v, text)
                    .map_err(|e| bad(422, format!("the position does not read: {e}")))?;
                Game::new(&spec.variant, pos, seats)
            }
            (None, None) => Game::new(&spec.variant, Position::start(&v), seats),
        };
        if let Some(opts) = Some(&options).filter(|o| !o.is_empty()) {
            for (k, val) in opts {
                game.record.set_tag(&format!("Option{}", k), val);
            }
        }
        let start_computer = game.computer_to_move();
        game.thinking = start_computer;
        let id = self
            .games
            .insert(game)
            .ok_or_else(|| bad(503, "too many games: try again later"))?;
        if start_computer {
            self.pool.request(id);
        }
        let g = self
            .games
            .get(id)
            .ok_or_else(|| bad(500, "the game vanished"))?;
        let mut g = lock(&g);
        Ok(Response::json(&state(id, &mut g, Viewer::Table)))
    }

    fn game_state(&self, id: &str, req: &Request) -> Answer {
        let id = parse_id(id)?;
        let g = self.games.get(id).ok_or_else(|| bad(404, "no such game"))?;
        let mut g = lock(&g);
        let viewer = viewer(&g.variant(), req.param("seat"))?;
        Ok(Response::json(&state(id, &mut g, viewer)))
    }

    fn game_action(&self, id: &str, action: &str, req: &Request) -> Answer {
        #[derive(Deserialize, Default)]
        struct Action {
            #[serde(default)]
            version: Option<u64>,
            #[serde(default)]
            index: Option<usize>,
            #[serde(default)]
            seat: Option<String>,
            #[serde(default)]
            accept: Option<bool>,
            #[serde(default)]
            seats: Option<Vec<SeatSpec>>,
        }
        let id = parse_id(id)?;
        let a: Action = body(req)?;
        let game = self.games.get(id).ok_or_else(|| bad(404, "no such game"))?;
        let mut g = lock(&game);
        let v = g.variant();
        let seat = match viewer(&v, a.seat.as_deref())? {
            Viewer::Seat(p) => Some(p),
            Viewer::Table => None,
        };
        let refused = |r: crate::game::Refused| bad(r.status, r.message);
        let mut message = Value::Null;
        match action {
            "move" => {
                let index = a.index.ok_or_else(|| bad(422, "give the move's `index`"))?;
                g.human_move(index, a.version, seat).map_err(refused)?;
            }
            "undo" => {
                if g.thinking {
                    // The computer's search answers a version that no longer exists.
                    g.thinking = false;
                }
                let n = g.undo(a.version).map_err(refused)?;
                message = json!(format!(
                    "took back {n} move{}",
                    if n == 1 { "" } else { "s" }
                ));
            }
            "resign" => g.resign(a.version, seat).map_err(refused)?,
            "draw" => {
                let said = g.draw(seat, a.accept.unwrap_or(true)).map_err(refused)?;
                message = json!(said);
            }
            "seats" => {
                let specs = a.seats.ok_or_else(|| bad(422, "give `seats`"))?;
                g.set_seats(specs.iter().map(SeatSpec::seat).collect())
                    .map_err(refused)?;
            }
            _ => return Err(bad(404, format!("no action `{}`", shown(action)))),
        }
        if g.computer_to_move() && !g.thinking {
            g.thinking = true;
            self.pool.request(id);
        }
        let viewer = seat.map_or(Viewer::Table, Viewer::Seat);
        let mut out = state(id, &mut g, viewer);
        out["message"] = message;
        Ok(Response::json(&out))
    }

    fn perft(&self, req: &Request) -> Answer {
        #[derive(Deserialize)]
        struct P {
            #[serde(flatten)]
            src: Sources,
            depth: u32,
        }
        let p: P = body(req)?;
        let v = self.compiled(&p.src)?;
        let depth = p.depth.clamp(1, design::MAX_PERFT_DEPTH);
        started(
            self.jobs
                .start("perft", move |progress| design::perft(&v, depth, progress)),
        )
    }

    fn selfplay(&self, req: &Request) -> Answer {
        #[derive(Deserialize)]
        struct S {
            #[serde(flatten)]
            src: Sources,
            games: u32,
            #[serde(default)]
            ms: Option<u64>,
        }
        let s: S = body(req)?;
        let v = self.compiled(&s.src)?;
        let (games, ms) = (
            s.games.clamp(1, design::MAX_SELFPLAY_GAMES),
            s.ms.unwrap_or(20),
        );
        started(self.jobs.start("selfplay", move |progress| {
            design::selfplay(&v, games, ms, progress)
        }))
    }

    /// The variant the sources compile to, or the diagnostics as a 422 answer.
    fn compiled(&self, src: &Sources) -> Result<Arc<Variant>, Response> {
        design::compile(&self.catalogue, src)
            .map(|(v, _)| v)
            .map_err(|ds| {
                Response::json_status(
                    422,
                    &json!({ "error": "the variant does not compile", "diagnostics": ds }),
                )
            })
    }

    /// How many games the server keeps.
    pub fn game_count(&self) -> usize {
        self.games.len()
    }
}

impl Handler for App {
    fn handle(&self, req: &Request) -> Response {
        match self.route(req) {
            Ok(r) | Err(r) => r,
        }
    }
}

/// The answer to a job started (its id), or 429 when enough jobs run.
fn started(id: Option<u64>) -> Answer {
    let id = id.ok_or_else(|| bad(429, "two jobs are running: wait for one to finish"))?;
    Ok(Response::json(&json!({ "job": id.to_string() })))
}

/// Who plays a seat, as a page sends it: `{"computer": true, "level": 4}`.
#[derive(Clone, Copy, Debug, Deserialize)]
struct SeatSpec {
    #[serde(default)]
    computer: bool,
    #[serde(default)]
    level: Option<u8>,
}

impl SeatSpec {
    fn seat(&self) -> Seat {
        if self.computer {
            Seat::Computer(
                self.level
                    .unwrap_or(4)
                    .clamp(1, crate::game::LEVELS.len() as u8),
            )
        } else {
            Seat::Human
        }
    }
}

fn viewer(v: &Variant, seat: Option<&str>) -> Result<Viewer, Response> {
    let Some(name) = seat.map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(Viewer::Table);
    };
    v.player_named(name).map(Viewer::Seat).ok_or_else(|| {
        let names: Vec<&str> = v.players().iter().map(|p| p.name.as_str()).collect();
        bad(
            422,
            format!(
                "no seat `{}`: the seats are {}",
                shown(name),
                names.join(", ")
            ),
        )
    })
}

fn parse_id(id: &str) -> Result<u64, Response> {
    id.parse().map_err(|_| bad(404, "no such game or job"))
}

fn body<T: serde::de::DeserializeOwned>(req: &Request) -> Result<T, Response> {
    serde_json::from_slice(&req.body)
        .map_err(|e| bad(400, format!("the body is not the JSON expected: {e}")))
}

fn catalogue_error(e: &CatalogueError) -> Response {
    let status = match e {
        CatalogueError::Unknown(_) => 404,
        CatalogueError::BadName(_) => 422,
        CatalogueError::Outside(_) => 403,
        CatalogueError::Io(_) => 500,
        CatalogueError::Compile(_) => 422,
    };
    bad(status, e.to_string())
}

/// A changing request must be JSON and come from this server's own page.
fn same_origin(req: &Request) -> Result<(), Response> {
    let json = req
        .header("content-type")
        .is_some_and(|t| t.to_ascii_lowercase().starts_with("application/json"));
    if !json {
        return Err(bad(415, "send JSON (Content-Type: application/json)"));
    }
    if let (Some(origin), Some(host)) = (req.header("origin"), req.header("host")) {
        let origin_host = origin.split("://").nth(1).unwrap_or("");
        if origin_host != host {
            return Err(bad(403, "requests from other sites are refused"));
        }
    }
    Ok(())
}

/// A variant's players as the page lists them.
fn players_json(v: &Variant) -> Vec<Value> {
    v.players()
        .iter()
        .map(|p| json!({ "name": p.name, "colour": p.colour, "seat": p.seat }))
        .collect()
}
