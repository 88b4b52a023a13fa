// Annotations for ThreadSanitizer, harmless without it.
//
// Swift's Synchronization.Mutex waits on a futex that ThreadSanitizer does not see, so it would
// report every critical section as a race. These calls tell it that the lock at `address` was
// acquired and released. In a build without ThreadSanitizer its runtime is absent, the weak
// symbols resolve to NULL, and the calls do nothing.
#pragma once

/// After taking the lock at `address`.
void pdx_tsan_acquire(const void *_Nonnull address);
/// Before releasing the lock at `address`.
void pdx_tsan_release(const void *_Nonnull address);
