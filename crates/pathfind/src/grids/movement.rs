//! [`Movement`]: how a unit moves on a [`Grid`](crate::Grid).

/// How a unit moves on a [`Grid`](crate::Grid).
///
/// ```
/// use pathfind::Movement;
/// assert_eq!(Movement::OCTILE, Movement::Eight { corner_cutting: false });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Movement {
    /// Up, down, left, right, each at cost 1.
    Four,
    /// The four straight moves at cost 1 and the four diagonal ones at cost √2. Without
    /// corner cutting a diagonal move needs both cells it passes beside to be free (the
    /// MovingAI benchmark rule); with it, only the target cell.
    Eight {
        /// Whether a diagonal move may pass beside an obstacle.
        corner_cutting: bool,
    },
}

impl Movement {
    /// 8-connected without corner cutting: the MovingAI benchmark rule.
    pub const OCTILE: Movement = Movement::Eight {
        corner_cutting: false,
    };
}
