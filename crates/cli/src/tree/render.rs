//! The tree as Graphviz DOT, or as SVG laid out here (so the picture needs no Graphviz).

use std::fmt::Write as _;

use crate::output::xml;

use super::{DOWN_LEAVES, Layout, Tree, TreeNode};

pub(super) fn dot_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The tree as Graphviz DOT: one `nK [label=...]` line per node, `nP -> nK [label=move]`
/// per edge, in pre-order.
pub(super) fn dot(tree: &Tree) -> String {
    let mut s = String::new();
    let rankdir = if tree.leaves() > DOWN_LEAVES {
        "LR"
    } else {
        "TB"
    };
    let _ = writeln!(s, "digraph tree {{");
    let label = format!(
        "{}\\n{}",
        dot_escape(&tree.title),
        dot_escape(&tree.subtitle)
    );
    let _ = writeln!(
        s,
        "  graph [rankdir={rankdir}, labelloc=t, fontname=\"Helvetica\", label=\"{label}\"];"
    );
    let _ = writeln!(
        s,
        "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=10];"
    );
    let _ = writeln!(s, "  edge [fontname=\"Helvetica\", fontsize=9];");
    for (i, n) in tree.nodes.iter().enumerate() {
        let label = n
            .lines
            .iter()
            .map(|l| dot_escape(l))
            .collect::<Vec<_>>()
            .join("\\n");
        let _ = writeln!(
            s,
            "  n{i} [label=\"{label}\", fillcolor=\"{}\", color=\"{}\", penwidth={}{}];",
            n.style.fill,
            n.style.border,
            n.style.width,
            if n.style.dashed {
                ", style=\"rounded,filled,dashed\""
            } else {
                ""
            }
        );
    }
    for (i, n) in tree.nodes.iter().enumerate() {
        for &c in &n.children {
            let _ = writeln!(
                s,
                "  n{i} -> n{c} [label=\"{}\"];",
                dot_escape(&tree.nodes[c].edge)
            );
        }
    }
    s.push_str("}\n");
    s
}

/// Pixel sizes of the SVG.
pub(super) const FONT: f64 = 12.0;
/// Width of a character of the monospace font at `FONT` pixels.
pub(super) const CHAR: f64 = 7.3;
pub(super) const LINE: f64 = 15.0;
pub(super) const MARGIN: f64 = 16.0;

/// Where each node's box goes: its top-left corner.
#[derive(Clone, Default)]
pub(super) struct Placed {
    x: f64,
    y: f64,
    /// Listed in a column under its parent (compact layout).
    stacked: bool,
}

pub(super) struct Geometry {
    /// Box width (the root's may be wider: `root_w`) and height.
    w: f64,
    root_w: f64,
    h: f64,
    placed: Vec<Placed>,
}

pub(super) fn layout(tree: &Tree, kind: Layout) -> Geometry {
    let widest = |nodes: &[TreeNode]| {
        nodes
            .iter()
            .flat_map(|n| n.lines.iter())
            .map(|l| l.chars().count())
            .max()
    };
    // The root is alone on its level in the top-down layouts: it may be wider than the rest.
    let own = widest(&tree.nodes[..tree.nodes.len().min(1)]).unwrap_or(4);
    let chars = match kind {
        Layout::Down | Layout::Compact if tree.nodes.len() > 1 => widest(&tree.nodes[1..]),
        _ => widest(&tree.nodes),
    }
    .unwrap_or(4);
    let lines = tree.nodes.iter().map(|n| n.lines.len()).max().unwrap_or(1);
    let w = chars as f64 * CHAR + 14.0;
    let root_w = (own as f64 * CHAR + 14.0).max(w);
    let h = lines as f64 * LINE + 8.0;
    let edge_chars = tree
        .nodes
        .iter()
        .map(|n| n.edge.chars().count())
        .max()
        .unwrap_or(0) as f64;
    let indent = (edge_chars * CHAR * 0.9 + 22.0).max(30.0);
    let mut placed = vec![Placed::default(); tree.nodes.len()];
    let pitch = match kind {
        Layout::Down => (w + 18.0, h + 46.0),
        Layout::Right => (w + edge_chars * CHAR + 46.0, h + 10.0),
        Layout::Compact => (w + indent + 18.0, h + 46.0),
    };
    if !tree.nodes.is_empty() {
        let mut tidy = Tidy {
            tree,
            kind,
            slot: 0,
            placed: &mut placed,
            pitch,
            h,
            indent,
        };
        tidy.place(0);
    }
    Geometry {
        w,
        root_w,
        h,
        placed,
    }
}

/// The tidy layout: leaves take consecutive slots, parents centre on their children.
pub(super) struct Tidy<'a> {
    tree: &'a Tree,
    kind: Layout,
    slot: usize,
    placed: &'a mut [Placed],
    /// Distance between slots, and between levels.
    pitch: (f64, f64),
    /// Box height.
    h: f64,
    /// How far a column of children (compact layout) is indented.
    indent: f64,
}

impl Tidy<'_> {
    /// Places the subtree of node `i` (post-order) and returns the node's slot.
    fn place(&mut self, i: usize) -> f64 {
        let tree = self.tree;
        let n = &tree.nodes[i];
        let depth = f64::from(n.depth);
        let leaf = |c: &usize| tree.nodes[*c].children.is_empty();
        let centre = if n.children.is_empty() {
            self.next_slot()
        } else if self.kind == Layout::Compact && n.children.iter().all(leaf) {
            let c = self.next_slot();
            for (k, &ch) in n.children.iter().enumerate() {
                self.placed[ch] = Placed {
                    x: c * self.pitch.0 + self.indent,
                    y: depth * self.pitch.1 + (k as f64 + 1.0) * (self.h + 8.0) + 4.0,
                    stacked: true,
                };
            }
            c
        } else {
            let first = self.place(n.children[0]);
            let mut last = first;
            for &c in &n.children[1..] {
                last = self.place(c);
            }
            (first + last) / 2.0
        };
        self.placed[i] = match self.kind {
            Layout::Right => Placed {
                x: depth * self.pitch.0,
                y: centre * self.pitch.1,
                stacked: false,
            },
            Layout::Down | Layout::Compact => Placed {
                x: centre * self.pitch.0,
                y: depth * self.pitch.1,
                stacked: false,
            },
        };
        centre
    }

    fn next_slot(&mut self) -> f64 {
        self.slot += 1;
        (self.slot - 1) as f64
    }
}

/// The tree as an SVG picture, laid out here.
pub(super) fn svg(tree: &Tree, kind: Layout) -> String {
    let g = layout(tree, kind);
    let top = MARGIN + 3.0 * LINE;
    // Room on the left for a root wider than the boxes under it.
    let extra = (g.root_w - g.w) / 2.0;
    let width = g
        .placed
        .iter()
        .map(|p| p.x + g.w + extra)
        .fold(0.0, f64::max)
        .max(tree.title.chars().count() as f64 * CHAR * 1.05)
        + 2.0 * MARGIN;
    let legend_w: f64 = tree
        .legend
        .iter()
        .map(|(_, l)| l.chars().count() as f64 * CHAR + 40.0)
        .sum();
    let width = width.max(legend_w + 2.0 * MARGIN);
    let height = g.placed.iter().map(|p| p.y + g.h).fold(0.0, f64::max) + top + 3.0 * LINE + MARGIN;
    let (ox, oy) = (MARGIN + extra, top);
    let mut s = String::new();
    let _ = writeln!(s, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.1} {height:.1}" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="{FONT}">"#
    );
    let _ = writeln!(s, "<title>{}</title>", xml(&tree.title));
    let _ = writeln!(
        s,
        r##"<rect width="{width:.1}" height="{height:.1}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        s,
        r##"<text x="{MARGIN}" y="{:.1}" font-size="13" fill="#222222">{}</text>"##,
        MARGIN + LINE * 0.8,
        xml(&tree.title)
    );
    let _ = writeln!(
        s,
        r##"<text x="{MARGIN}" y="{:.1}" font-size="11" fill="#57606a">{}</text>"##,
        MARGIN + LINE * 1.9,
        xml(&tree.subtitle)
    );
    // Edges first, under the boxes.
    let _ = writeln!(
        s,
        r##"<g id="edges" stroke="#8a8a8a" stroke-width="1.2" fill="none">"##
    );
    let mut labels = String::new();
    for (i, n) in tree.nodes.iter().enumerate() {
        let p = &g.placed[i];
        let stacked: Vec<usize> = n
            .children
            .iter()
            .copied()
            .filter(|&c| g.placed[c].stacked)
            .collect();
        if let Some(&last) = stacked.last() {
            // A spine down the left of the column, a connector to each child.
            let sx = ox + p.x + 12.0;
            let ly = oy + g.placed[last].y + g.h / 2.0;
            let _ = writeln!(s, r#"<path d="M{sx:.1} {:.1}V{ly:.1}"/>"#, oy + p.y + g.h);
            for &c in &stacked {
                let cy = oy + g.placed[c].y + g.h / 2.0;
                let cx = ox + g.placed[c].x;
                let _ = writeln!(s, r#"<path d="M{sx:.1} {cy:.1}H{cx:.1}"/>"#);
                edge_label(
                    &mut labels,
                    (sx + cx) / 2.0 + 2.0,
                    cy - 3.0,
                    &tree.nodes[c].edge,
                );
            }
        }
        for &c in n.children.iter().filter(|&&c| !g.placed[c].stacked) {
            let q = &g.placed[c];
            let (x1, y1, x2, y2) = match kind {
                Layout::Right => (
                    ox + p.x + g.w,
                    oy + p.y + g.h / 2.0,
                    ox + q.x,
                    oy + q.y + g.h / 2.0,
                ),
                _ => (
                    ox + p.x + g.w / 2.0,
                    oy + p.y + g.h,
                    ox + q.x + g.w / 2.0,
                    oy + q.y,
                ),
            };
            let _ = writeln!(s, r#"<path d="M{x1:.1} {y1:.1}L{x2:.1} {y2:.1}"/>"#);
            let (lx, ly) = match kind {
                Layout::Right => (x1 + (x2 - x1) * 0.55, y1 + (y2 - y1) * 0.55),
                // Near the child, where sibling edges are furthest apart.
                _ => (x1 + (x2 - x1) * 0.72, y1 + (y2 - y1) * 0.72),
            };
            edge_label(&mut labels, lx, ly + 4.0, &tree.nodes[c].edge);
        }
    }
    s.push_str("</g>\n");
    s.push_str(&labels);
    // Boxes.
    let _ = writeln!(s, r#"<g id="nodes">"#);
    for (i, n) in tree.nodes.iter().enumerate() {
        let p = &g.placed[i];
        // The root keeps its own width, centred where a box of the others' width would be.
        let w = if i == 0 { g.root_w } else { g.w };
        let (x, y) = (ox + p.x - (w - g.w) / 2.0, oy + p.y);
        let _ = writeln!(
            s,
            r#"<g class="node" id="n{i}"><rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{:.1}" rx="5" fill="{}" stroke="{}" stroke-width="{}"{}/>"#,
            g.h,
            n.style.fill,
            n.style.border,
            n.style.width,
            if n.style.dashed {
                r#" stroke-dasharray="4 3""#
            } else {
                ""
            }
        );
        for (k, line) in n.lines.iter().enumerate() {
            let _ = writeln!(
                s,
                r##"<text x="{:.1}" y="{:.1}" fill="#1f2328">{}</text>"##,
                x + 7.0,
                y + 4.0 + LINE * (k as f64 + 0.8),
                xml(line)
            );
        }
        s.push_str("</g>\n");
    }
    s.push_str("</g>\n");
    // Legend.
    let ly = height - MARGIN - LINE;
    let mut lx = MARGIN;
    let _ = writeln!(s, r#"<g id="legend" font-size="11">"#);
    for (style, label) in &tree.legend {
        let _ = writeln!(
            s,
            r##"<rect x="{lx:.1}" y="{:.1}" width="20" height="13" rx="3" fill="{}" stroke="{}" stroke-width="{}"{}/><text x="{:.1}" y="{:.1}" fill="#1f2328">{}</text>"##,
            ly - 10.0,
            style.fill,
            style.border,
            style.width,
            if style.dashed {
                r#" stroke-dasharray="4 3""#
            } else {
                ""
            },
            lx + 26.0,
            ly,
            xml(label)
        );
        lx += label.chars().count() as f64 * 6.7 + 44.0;
    }
    s.push_str("</g>\n</svg>\n");
    s
}

/// A move label on an edge, on a white background so the edge does not cross it.
pub(super) fn edge_label(s: &mut String, x: f64, y: f64, text: &str) {
    if text.is_empty() {
        return;
    }
    let w = text.chars().count() as f64 * 6.7 + 6.0;
    let x0 = x - w / 2.0;
    let _ = writeln!(
        s,
        r##"<rect x="{x0:.1}" y="{:.1}" width="{w:.1}" height="14" rx="3" fill="#ffffff"/><text x="{x:.1}" y="{y:.1}" font-size="11" text-anchor="middle" fill="#0550ae">{}</text>"##,
        y - 11.0,
        xml(text)
    );
}
