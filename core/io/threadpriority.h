#pragma once

namespace kfx {

// Lowers the calling thread's scheduling priority (its nice value, by kBackgroundNiceness), for work a person is
// not waiting on: the window's forecast runs, replays and calibration baselines. On the 2-core machines kfx is
// measured on, an opening window's GUI thread otherwise shares the second core with two of them and takes half
// again as long to become usable. Threads the calling thread starts afterwards inherit it. Does nothing where the
// system refuses.
void lowerThisThreadsPriority();

inline constexpr int kBackgroundNiceness = 10;

} // namespace kfx
