dnl Macros for the notrump, two-club, preempt and slam topics.
