//! The integration tests of `pathfind`, in one binary so that they link once: a module per
//! file of this folder.

mod astar_bag;
mod batch;
mod best_so_far;
mod bidirectional;
mod bidirectional_astar;
mod closure_bfs;
mod cost_grid;
mod count_paths;
mod dijkstra_all_and_reach;
mod expanded_cells;
mod fringe;
mod jps;
mod limits_and_errors;
mod memory_cap;
mod movingai;
mod oracle;
mod plane;
mod positioned;
mod properties;
mod replanner;
mod repository;
mod spawned;
mod textbook_grid;
mod time_and_stop;
mod via_problem;
mod yen;
