#include "threadpriority.h"

#include <algorithm>
#include <cerrno>

#include <sys/resource.h>
#include <unistd.h>

namespace kfx {

void lowerThisThreadsPriority()
{
    // On Linux a thread's nice value is its own, named by its thread id (POSIX would make it the process's).
    const auto thread = static_cast<id_t>(gettid());
    errno = 0;
    const int current = getpriority(PRIO_PROCESS, thread);
    if (current == -1 && errno != 0)
        return;
    setpriority(PRIO_PROCESS, thread, std::min(current + kBackgroundNiceness, 19));
}

} // namespace kfx
