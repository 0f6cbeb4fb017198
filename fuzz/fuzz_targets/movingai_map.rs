//! `pathfind::movingai::read_map` (what `load_map` calls). Properties: an accepted map has
//! exactly the declared width × height cells, row `y` of the grid is line `5 + y` of the
//! text (line ends `\n` or `\r\n`) cell by cell, nothing but blank lines follows the last
//! row, and the cell vector never holds more than twice the cells read; a header above the
//! limit is `TooManyCells`. The limit is small (2^20 cells) so that the fuzzer itself never
//! runs out of memory.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathfind::PathError;
use pathfind::movingai::read_map;

const MAX_CELLS: u64 = 1 << 20;

/// `key <number>` as the reader reads it.
fn header(line: &str, key: &str) -> Option<u32> {
    let mut parts = line.split_whitespace();
    (parts.next() == Some(key)).then_some(())?;
    let n = parts.next()?.parse().ok()?;
    parts.next().is_none().then_some(n)
}

fuzz_target!(|text: &str| {
    let parsed = read_map(text.as_bytes(), MAX_CELLS);
    let lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let declared = (lines.len() >= 4)
        .then(|| Some((header(lines[2], "width")?, header(lines[1], "height")?)))
        .flatten();
    let map = match parsed {
        Ok(map) => map,
        Err(PathError::MapTooManyCells {
            width,
            height,
            max_cells,
        }) => {
            assert_eq!(max_cells, MAX_CELLS);
            assert_eq!(declared, Some((width, height)), "{text:?}");
            assert!(u64::from(width) * u64::from(height) > MAX_CELLS, "{text:?}");
            return;
        }
        Err(_) => return,
    };
    let (width, height) = declared.expect("an accepted map has a header");
    assert_eq!((map.width, map.height), (width, height), "{text:?}");
    assert_eq!(
        map.passable.len(),
        width as usize * height as usize,
        "{text:?}"
    );
    assert!(
        map.passable.capacity() <= (2 * map.passable.len()).max(8),
        "{text:?}"
    );
    for y in 0..height as usize {
        let row: Vec<char> = lines[4 + y].chars().collect();
        assert_eq!(row.len(), width as usize, "{text:?}: row {y}");
        for (x, ch) in row.into_iter().enumerate() {
            let passable = match ch {
                '.' | 'G' | 'S' => true,
                '@' | 'O' | 'T' | 'W' => false,
                _ => panic!("{text:?}: accepted {ch:?} at ({x}, {y})"),
            };
            assert_eq!(
                map.passable[y * width as usize + x],
                passable,
                "{text:?}: ({x}, {y})"
            );
        }
    }
    for extra in &lines[4 + height as usize..] {
        assert!(
            extra.trim().is_empty(),
            "{text:?}: {extra:?} after the last row"
        );
    }
});
