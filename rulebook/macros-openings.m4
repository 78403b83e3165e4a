dnl Opening bids (openings.txt2): hand tests used by the opening rules.
dnl
dnl OP_HAS_J(s): the jack of suit s (HAS_A/HAS_K/HAS_Q are in macros-slam.m4).
define(OP_HAS_J, `(#25($1)-8*HAS_A($1)-4*HAS_K($1)-2*HAS_Q($1)>=1)')dnl
dnl OP_SUIT_HCP(s): 4-3-2-1 points held in suit s.
define(OP_SUIT_HCP, `(4*HAS_A($1)+3*HAS_K($1)+2*HAS_Q($1)+OP_HAS_J($1))')dnl
dnl PREEMPT_SUIT(s): a suit fit to preempt in: at least one honour (A K Q J).
dnl T987653 is no preempt: partner must be able to count on the suit for his
dnl raise or lead. (Stricter tests, the queen or two top honours, lost IMPs
dnl on every double-dummy seed: aggressive preempts pay.)
define(PREEMPT_SUIT, `&&~#25($1)>=1~')dnl
dnl NOT_OPENING_DEF(s): not an opening hand (10+ HCP) with defence outside
dnl the long suit (4+ HCP there, an ace or a king and jack): such a hand
dnl (Rule of 20 met)
dnl opens one of its suit instead of preempting (the booklet: a preempt is
dnl weak, with most of its values in the suit).
define(NOT_OPENING_DEF, `&&~!(#20>=10&&#20+#28(1)+#28(2)>=20)||#20-OP_SUIT_HCP($1)<4~')dnl
dnl NO_SIDE_MAJOR(s): no four-card major beside suit s (first and second
dnl seat preempts: partner may still have a fit there).
define(NO_SIDE_MAJOR, `&&~(#24(H)<4||$1==H)&&(#24(S)<4||$1==S)~')dnl
dnl MAJOR_NOT_SHORTER(s): the five-card (or longer) major is at least as long
dnl as each minor; with 6-5 the longer suit opens (6 clubs and 5 spades: 1C).
define(MAJOR_NOT_SHORTER, `&&~#24($1)>=#24(C)&&#24($1)>=#24(D)~')dnl
dnl MINOR_OVER_MAJOR(m): the minor is longer than each major (six or more
dnl cards beside a five-card major).
define(MINOR_OVER_MAJOR, `&&~#24($1)>=6&&#24($1)>#24(H)&&#24($1)>#24(S)&&#24($1)>=#24(C+D-$1)~')dnl
dnl THIRD_SEAT: third seat may open light (booklet, "Third and fourth seat
dnl openings"): a full opening (12+ HCP or the Rule of 20), or 11 HCP with a
dnl five-card suit (KQT76.43.KT8.K62 opens 1S). Lighter hands with a good
dnl suit make a weak two (five-card majors too, preempt-more.txt2).
define(THIRD_SEAT, `&&~#20>=12||(#20>=10&&#20+#28(1)+#28(2)>=20)||(#20>=11&&#28(1)>=5)~')dnl
