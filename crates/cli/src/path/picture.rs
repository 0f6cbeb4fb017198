//! The pictures of `ply path -o`: SVG, and PNG with the same caption and legend.

use std::fmt::Write as _;
use std::path::Path as FsPath;

use pathfind::movingai::Scenario;
use pathfind::{Cell, Grid};

use crate::Failure;
use crate::output::{OutputFile, xml};

use super::check::Expected;
use super::runner::{Found, Query};
use super::{Alg, Setup, heuristic_name};

/// The caption of a picture.
pub(super) fn caption(
    map: &FsPath,
    row: usize,
    s: &Scenario,
    setup: &Setup,
    q: &Query,
    expected: Expected,
) -> String {
    let map = map.file_name().map_or_else(
        || map.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let mut c = format!(
        "{map}, scenario {} (bucket {}): {}",
        row + 1,
        s.bucket,
        setup.alg.name()
    );
    if setup.alg.uses_heuristic() {
        let _ = write!(c, " ({}", heuristic_name(setup.heuristic));
        if setup.alg == Alg::Wastar {
            let _ = write!(c, ", w = {}", setup.weight);
        }
        c.push(')');
    }
    match (&q.found, expected) {
        (Found::Path(len), Expected::Length(opt)) => {
            let _ = write!(c, ", length {len:.2} (optimum {opt:.2})");
        }
        (Found::Path(len), _) => {
            let _ = write!(c, ", length {len:.2}");
        }
        (Found::NoPath, _) => c.push_str(", no path"),
        (Found::Limit, _) => c.push_str(", stopped by the expansion limit"),
    }
    c
}

/// What a picture shows.
pub(super) struct Picture<'a> {
    pub(super) grid: &'a Grid,
    /// Per cell, row by row: expanded by the search.
    pub(super) expanded: &'a [bool],
    pub(super) query: &'a Query,
    pub(super) start: Cell,
    pub(super) goal: Cell,
    pub(super) caption: String,
}

pub(super) const FREE: [u8; 3] = [0xf6, 0xf4, 0xef];
pub(super) const WALL: [u8; 3] = [0x2d, 0x31, 0x42];
pub(super) const EXPANDED: [u8; 3] = [0xa8, 0xd5, 0xe8];
pub(super) const PATH: [u8; 3] = [0xe4, 0x57, 0x2e];
pub(super) const START: [u8; 3] = [0x17, 0xa0, 0x5d];
pub(super) const GOAL: [u8; 3] = [0x7b, 0x2c, 0xbf];

pub(super) fn hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The legend under a picture, the same in SVG and PNG: each colour with what it shows.
pub(super) fn legend(p: &Picture<'_>) -> [([u8; 3], String); 5] {
    let expanded_cells = p.expanded.iter().filter(|&&e| e).count();
    [
        (EXPANDED, format!("expanded ({expanded_cells} cells)")),
        (PATH, "path".to_string()),
        (START, "start".to_string()),
        (GOAL, "goal".to_string()),
        (WALL, "obstacle".to_string()),
    ]
}

/// Pixels per cell: the larger side near 1,024 pixels, 1 to 16 pixels a cell.
pub(super) fn cell_pixels(grid: &Grid) -> u32 {
    (1024 / grid.width().max(grid.height())).clamp(1, 16)
}

/// The picture formats, chosen by the file's extension.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Format {
    Svg,
    Png,
}

impl Format {
    /// The format `file`'s extension names, or why there is none.
    pub(super) fn of(file: &FsPath) -> Result<Self, Failure> {
        let ext = file
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        match ext.as_deref() {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            _ => Err(Failure::input(format!(
                "-o {}: the file name must end in .svg or .png",
                crate::output::shown_path(file)
            ))),
        }
    }
}

/// Draws `picture` in `format` into the claimed file.
pub(super) fn write_picture(
    output: OutputFile,
    format: Format,
    picture: &Picture<'_>,
) -> Result<(), Failure> {
    let bytes = match format {
        Format::Svg => svg(picture).into_bytes(),
        Format::Png => png(picture)?,
    };
    output.write(&bytes)
}

/// Runs of consecutive cells of a row for which `on` holds, as `(x, y, length)`.
pub(super) fn runs(grid: &Grid, on: impl Fn(Cell) -> bool) -> Vec<(u32, u32, u32)> {
    let mut out = Vec::new();
    for y in 0..grid.height() {
        let mut x = 0;
        while x < grid.width() {
            if on(Cell::new(x, y)) {
                let from = x;
                while x < grid.width() && on(Cell::new(x, y)) {
                    x += 1;
                }
                out.push((from, y, x - from));
            } else {
                x += 1;
            }
        }
    }
    out
}

/// An SVG path of unit-high rectangles, one subpath per run.
pub(super) fn runs_path(runs: &[(u32, u32, u32)]) -> String {
    let mut d = String::with_capacity(runs.len() * 16);
    for &(x, y, n) in runs {
        let _ = write!(d, "M{x} {y}h{n}v1h-{n}z");
    }
    d
}

/// The picture as SVG, in map units (one unit a cell), scaled by `width` and `height`.
/// Walls and expanded cells are one path each of row runs, so that a 512 × 512 map stays
/// within a few megabytes; the expanded path's `data-cells` gives the number of cells.
pub(super) fn svg(p: &Picture<'_>) -> String {
    let g = p.grid;
    let (w, h) = (g.width(), g.height());
    let px = f64::from(cell_pixels(g));
    let unit = 1.0 / px; // one pixel in map units
    let caption_h = 44.0 * unit;
    let view_w = f64::from(w).max(620.0 * unit);
    let view_h = f64::from(h) + caption_h;
    let expanded_cells = p.expanded.iter().filter(|&&e| e).count();
    let idx = |c: Cell| c.y as usize * w as usize + c.x as usize;
    let walls = runs(g, |c| !g.is_passable(c));
    let explored = runs(g, |c| p.expanded[idx(c)]);
    let mut s = String::with_capacity(64 * 1024 + 16 * (walls.len() + explored.len()));
    let _ = writeln!(s, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{:.0}" height="{:.0}" viewBox="0 0 {view_w:.3} {view_h:.3}">"#,
        view_w * px,
        view_h * px
    );
    let _ = writeln!(s, "<title>{}</title>", xml(&p.caption));
    let _ = writeln!(
        s,
        r##"<rect width="{view_w:.3}" height="{view_h:.3}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        s,
        r#"<rect id="free" width="{w}" height="{h}" fill="{}"/>"#,
        hex(FREE)
    );
    let _ = writeln!(
        s,
        r#"<path id="walls" fill="{}" shape-rendering="crispEdges" d="{}"/>"#,
        hex(WALL),
        runs_path(&walls)
    );
    let _ = writeln!(
        s,
        r#"<path id="expanded" data-cells="{expanded_cells}" fill="{}" shape-rendering="crispEdges" d="{}"/>"#,
        hex(EXPANDED),
        runs_path(&explored)
    );
    if let Some(path) = &p.query.path {
        let mut points = String::with_capacity(path.len() * 12);
        for c in path {
            let _ = write!(
                points,
                "{}{}.5,{}.5",
                if points.is_empty() { "" } else { " " },
                c.x,
                c.y
            );
        }
        let _ = writeln!(
            s,
            r#"<polyline id="path" fill="none" stroke="{}" stroke-width="{:.3}" stroke-linecap="round" stroke-linejoin="round" points="{points}"/>"#,
            hex(PATH),
            (3.0 * unit).max(0.3)
        );
    }
    let r = (6.0 * unit).max(0.7);
    for (id, c, colour) in [("start", p.start, START), ("goal", p.goal, GOAL)] {
        let _ = writeln!(
            s,
            r##"<circle id="{id}" cx="{}.5" cy="{}.5" r="{r:.3}" fill="{}" stroke="#ffffff" stroke-width="{:.3}"/>"##,
            c.x,
            c.y,
            hex(colour),
            1.5 * unit
        );
    }
    // Caption and legend, in pixels scaled to map units.
    let font = 13.0 * unit;
    let y1 = f64::from(h) + 17.0 * unit;
    let y2 = f64::from(h) + 36.0 * unit;
    let _ = writeln!(
        s,
        r##"<text x="{:.3}" y="{y1:.3}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="{font:.3}" fill="#222222">{}</text>"##,
        6.0 * unit,
        xml(&p.caption)
    );
    let mut x = 6.0 * unit;
    for (colour, label) in legend(p) {
        let _ = writeln!(
            s,
            r#"<rect x="{x:.3}" y="{:.3}" width="{:.3}" height="{:.3}" fill="{}"/>"#,
            y2 - 10.0 * unit,
            11.0 * unit,
            11.0 * unit,
            hex(colour)
        );
        let _ = writeln!(
            s,
            r##"<text x="{:.3}" y="{y2:.3}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="{font:.3}" fill="#222222">{}</text>"##,
            x + 15.0 * unit,
            xml(&label)
        );
        x += (15.0 + 7.5 * label.chars().count() as f64 + 16.0) * unit;
    }
    s.push_str("</svg>\n");
    s
}

/// The picture as a PNG: `cell_pixels` pixels a cell, and under the map the caption and the
/// legend of the SVG, in an 8 × 8 bitmap font drawn at twice its size.
pub(super) fn png(p: &Picture<'_>) -> Result<Vec<u8>, Failure> {
    let g = p.grid;
    let s = cell_pixels(g);
    let (map_w, map_h) = (g.width() * s, g.height() * s);
    let legend = legend(p);
    let band = Band::new(&p.caption, &legend);
    let w = map_w.max(band.width);
    let h = map_h + band.height;
    let (wu, su) = (w as usize, s as usize);
    let mut rgb = vec![0xffu8; wu * h as usize * 3];
    let mut fill = |x0: usize, y0: usize, x1: usize, y1: usize, colour: [u8; 3]| {
        for y in y0..y1.min(h as usize) {
            for x in x0..x1.min(wu) {
                let i = (y * wu + x) * 3;
                rgb[i..i + 3].copy_from_slice(&colour);
            }
        }
    };
    for y in 0..g.height() {
        for x in 0..g.width() {
            let c = Cell::new(x, y);
            let colour = if !g.is_passable(c) {
                WALL
            } else if p.expanded[y as usize * g.width() as usize + x as usize] {
                EXPANDED
            } else {
                FREE
            };
            let (px, py) = (x as usize * su, y as usize * su);
            fill(px, py, px + su, py + su, colour);
        }
    }
    band.draw(&mut rgb, wu, map_h as usize, &p.caption, &legend);
    // The path: a square brush moved along each segment between cell centres.
    let centre = |c: Cell| {
        (
            (f64::from(c.x) + 0.5) * f64::from(s),
            (f64::from(c.y) + 0.5) * f64::from(s),
        )
    };
    let brush = (f64::from(s) * 0.18).max(1.0);
    let mut dab = |x: f64, y: f64, r: f64, colour: [u8; 3]| {
        let (x0, y0) = ((x - r).max(0.0) as usize, (y - r).max(0.0) as usize);
        let (x1, y1) = ((x + r).ceil() as usize, (y + r).ceil() as usize);
        for yy in y0..y1.min(h as usize) {
            for xx in x0..x1.min(wu) {
                let (dx, dy) = (xx as f64 + 0.5 - x, yy as f64 + 0.5 - y);
                if dx * dx + dy * dy <= r * r + 0.25 {
                    let i = (yy * wu + xx) * 3;
                    rgb[i..i + 3].copy_from_slice(&colour);
                }
            }
        }
    };
    if let Some(path) = &p.query.path {
        for pair in path.windows(2) {
            let (a, b) = (centre(pair[0]), centre(pair[1]));
            let steps = (2 * s).max(2);
            for k in 0..=steps {
                let t = f64::from(k) / f64::from(steps);
                dab(a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, brush, PATH);
            }
        }
    }
    let r = (f64::from(s) * 0.7).max(4.0);
    for (c, colour) in [(p.start, START), (p.goal, GOAL)] {
        let (x, y) = centre(c);
        dab(x, y, r + 1.0, [0xff, 0xff, 0xff]);
        dab(x, y, r, colour);
    }
    let mut bytes = Vec::new();
    let mut encoder = ::png::Encoder::new(&mut bytes, w, h);
    encoder
        .add_text_chunk("Title".to_string(), p.caption.clone())
        .map_err(|e| Failure::run(format!("cannot encode the PNG: {e}")))?;
    encoder.set_color(::png::ColorType::Rgb);
    encoder.set_depth(::png::BitDepth::Eight);
    let encoded = encoder
        .write_header()
        .and_then(|mut writer| writer.write_image_data(&rgb));
    encoded.map_err(|e| Failure::run(format!("cannot encode the PNG: {e}")))?;
    Ok(bytes)
}

/// The text band under a PNG picture: the caption on one line, the legend on the next.
pub(super) struct Band {
    pub(super) width: u32,
    pub(super) height: u32,
}

impl Band {
    /// Pixels per font pixel.
    const SCALE: usize = 2;
    /// A glyph's side in pixels.
    const GLYPH: usize = 8 * Self::SCALE;
    /// The margin around and between the lines.
    const PAD: usize = 6;
    const INK: [u8; 3] = [0x22, 0x22, 0x22];

    pub(super) fn new(caption: &str, legend: &[([u8; 3], String)]) -> Self {
        let caption_w = caption.chars().count() * Self::GLYPH;
        let legend_w: usize = legend
            .iter()
            .map(|(_, label)| {
                Self::GLYPH + Self::PAD + label.chars().count() * Self::GLYPH + 2 * Self::PAD
            })
            .sum();
        Band {
            width: (2 * Self::PAD + caption_w.max(legend_w)) as u32,
            height: (3 * Self::PAD + 2 * Self::GLYPH) as u32,
        }
    }

    /// Draws the caption and the legend into `rgb` (rows `width` pixels wide) from row `top`.
    pub(super) fn draw(
        &self,
        rgb: &mut [u8],
        width: usize,
        top: usize,
        caption: &str,
        legend: &[([u8; 3], String)],
    ) {
        let mut set = |x: usize, y: usize, colour: [u8; 3]| {
            if x < width {
                let i = (y * width + x) * 3;
                if let Some(px) = rgb.get_mut(i..i + 3) {
                    px.copy_from_slice(&colour);
                }
            }
        };
        let line1 = top + Self::PAD;
        let line2 = line1 + Self::GLYPH + Self::PAD;
        Self::text(&mut set, Self::PAD, line1, caption);
        let mut x = Self::PAD;
        for (colour, label) in legend {
            for dy in 2..Self::GLYPH - 2 {
                for dx in 2..Self::GLYPH - 2 {
                    set(x + dx, line2 + dy, *colour);
                }
            }
            x += Self::GLYPH + Self::PAD;
            x = Self::text(&mut set, x, line2, label) + 2 * Self::PAD;
        }
    }

    /// Draws `text` with its top-left corner at `(x, y)`; returns the x after it. Characters
    /// outside ASCII show as `?`.
    pub(super) fn text(
        set: &mut impl FnMut(usize, usize, [u8; 3]),
        x: usize,
        y: usize,
        text: &str,
    ) -> usize {
        let mut x = x;
        for ch in text.chars() {
            let code = if ch.is_ascii() {
                ch as usize
            } else {
                usize::from(b'?')
            };
            let glyph = font8x8::legacy::BASIC_LEGACY[code];
            for (row, bits) in glyph.iter().enumerate() {
                for col in 0..8 {
                    if bits >> col & 1 == 1 {
                        for sy in 0..Self::SCALE {
                            for sx in 0..Self::SCALE {
                                set(
                                    x + col * Self::SCALE + sx,
                                    y + row * Self::SCALE + sy,
                                    Self::INK,
                                );
                            }
                        }
                    }
                }
            }
            x += Self::GLYPH;
        }
        x
    }
}
