//! `shade:`: zones tinted in drawings (StrategiChess's roads), each with a colour.
//!
//! The rules never read it; drawings do (SVG tints the cells, the text drawing gives
//! their empty cells their own mark and a legend). So it names zones that exist and
//! colours that are safe to write into an SVG file, and stays small: the text drawing
//! has one mark per tinted zone (at most [`MAX_SHADES`]).

use super::colour::well_formed;
use super::graph::{CellId, Shade, Zone, ZoneCells};
use super::locate::YamlPath;
use super::report::Reporter;
use super::schema::BoardFile;
use crate::limits::MAX_SHADES;
use crate::suggest::did_you_mean;

/// The tinted zones, checked against the resolved zones.
pub(crate) fn resolve(decl: &BoardFile, zones: &[Zone], rep: &mut Reporter) -> Vec<Shade> {
    let base = YamlPath::root().key("shade");
    let mut out: Vec<Shade> = Vec::new();
    for (i, (name, colour)) in decl.shade.iter().enumerate() {
        let path = base.entry(i);
        let key = rep.key(&path);
        if i == MAX_SHADES {
            rep.error(
                "board::too-many-shades",
                format!(
                    "{} zones are shaded; at most {MAX_SHADES} are allowed",
                    decl.shade.len()
                ),
                key,
                "one too many",
                "the text drawing gives each shaded zone its own mark; shade fewer zones",
            );
            break;
        }
        if out.iter().any(|s| s.zone == name) {
            rep.error(
                "board::duplicate-shade",
                format!("zone `{name}` is shaded twice"),
                key,
                "shaded again here",
                "give each zone one colour",
            );
            continue;
        }
        let zone = zones.iter().find(|z| z.name == name);
        if zone.is_none() {
            let hint = did_you_mean(name, zones.iter().map(|z| z.name.as_str()));
            rep.error(
                "board::unknown-zone",
                format!("unknown zone `{name}`"),
                key,
                format!("no zone is called `{name}`"),
                format!("`shade:` tints zones declared under `zones:`{hint}"),
            );
        }
        if !well_formed(colour) {
            rep.error(
                "board::bad-colour",
                format!("`{}` is not a colour", colour.escape_default()),
                rep.value(&path),
                "not a colour",
                "write `#rrggbb`, `#rgb` or a CSS colour name such as `seagreen`",
            );
            continue;
        }
        if let Some(zone) = zone {
            out.push(Shade {
                zone: name.to_owned(),
                colour: colour.to_ascii_lowercase(),
                cells: cells(&zone.cells),
            });
        }
    }
    out
}

/// The cells of a zone, every seat's for a per-seat zone, in id order without repeats.
fn cells(z: &ZoneCells) -> Vec<CellId> {
    let mut out: Vec<CellId> = match z {
        ZoneCells::Global(c) => c.clone(),
        ZoneCells::PerSeat(per) => per.iter().flatten().copied().collect(),
    };
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use crate::board::{describe, load_board};
    use crate::source::SourceFile;

    const BOARD: &str = "seats: [white, black]\n\
        directions:\n  e: { opposite: w }\n  w: { opposite: e }\n\
        lattice:\n  width: 4\n  height: 2\n  vectors:\n    e: [1, 0]\n    w: [-1, 0]\n\
        zones:\n  road: { y: [1] }\n  home: { white: [a1, b1], black: [c2, b1] }\n";

    fn codes(shade: &str) -> Vec<(&'static str, String)> {
        let text = format!("{BOARD}shade:\n{shade}");
        let e = load_board(&SourceFile::new("t.yaml", text)).expect_err("should fail");
        e.0.iter()
            .filter(|d| d.is_error())
            .map(|d| (d.code, d.location().unwrap_or_default()))
            .collect()
    }

    #[test]
    fn shaded_zones_keep_their_order_and_union_the_seats() {
        let text = format!("{BOARD}shade:\n  home: \"#ABC\"\n  road: seagreen\n");
        let (b, warnings) = load_board(&SourceFile::new("t.yaml", text)).unwrap();
        assert!(warnings.is_empty());
        let names = |cells: &[u16]| -> Vec<&str> {
            cells
                .iter()
                .map(|&c| b.cells[c as usize].name.as_str())
                .collect()
        };
        assert_eq!(b.shade.len(), 2);
        assert_eq!(
            (b.shade[0].zone.as_str(), b.shade[0].colour.as_str()),
            ("home", "#abc")
        );
        assert_eq!(names(&b.shade[0].cells), ["c2", "a1", "b1"]);
        assert_eq!(names(&b.shade[1].cells), ["a1", "b1", "c1", "d1"]);
        assert!(describe(&b)
            .contains("\nshade:\n  home  #abc  (3 cells)\n  road  seagreen  (4 cells)\n"));
    }

    #[test]
    fn unknown_zones_and_bad_colours_are_located() {
        assert_eq!(
            codes("  rod: \"#abc\"\n  road: \"#ab\"\n"),
            [
                ("board::unknown-zone", "t.yaml:15:3".to_owned()),
                ("board::bad-colour", "t.yaml:16:9".to_owned())
            ]
        );
        assert_eq!(
            codes("  road: red\n  road: blue\n"),
            [("board::duplicate-shade", "t.yaml:16:3".to_owned())]
        );
        let many: String = (0..9).map(|i| format!("  z{i}: red\n")).collect();
        let errs = codes(&many);
        assert_eq!(
            errs.iter().filter(|e| e.0 == "board::unknown-zone").count(),
            8
        );
        assert_eq!(errs.last().unwrap().0, "board::too-many-shades");
    }
}
