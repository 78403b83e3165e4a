dnl Macros for suit auctions, competition and the fallback rules.
dnl
dnl ---- Sequence macros ----------------------------------------------------
dnl OPENED(X): X is the opening bid, made in any seat (0-3 passes before it).
define(OPENED, `(P:)?(P:)?(P:)?$1')dnl
dnl OPEN1(a): a one-of-a-suit opening, grabbing the suit into a.
define(OPEN1, `(P:)?(P:)?(P:)?1$1[CDHS]')dnl


dnl
dnl ---- Hand macros ---------------------------------------------------------
dnl LOSERS(lo,hi): the losing trick count (empty bound = no bound).
define(LOSERS, `&&~#22[0$1,0$2+99*!0$2]~')dnl
dnl STOPPED(s): a stopper for notrump: A, Kxxx, QJx, or Kxx/Qxx (grade 2 with
dnl three or more cards) and better.
define(STOPPED, `&&~#26($1)>=3||(#26($1)>=2&&#24($1)>=3)~')dnl
dnl THEIR_SUITS_STOPPED: every suit an opponent has bid is stopped, as STOPPED
dnl has it (an expression for MATH, written inside ~ ~ after &&).
define(THEIR_SUITS_STOPPED, `((!#9(C)||#26(C)>=3||(#26(C)>=2&&#24(C)>=3))&&(!#9(D)||#26(D)>=3||(#26(D)>=2&&#24(D)>=3))&&(!#9(H)||#26(H)>=3||(#26(H)>=2&&#24(H)>=3))&&(!#9(S)||#26(S)>=3||(#26(S)>=2&&#24(S)>=3)))')dnl
dnl NO_STOP(s): no notrump stopper in s.
define(NO_STOP, `&&~#26($1)<2||(#26($1)==2&&#24($1)<3)~')dnl
dnl SHORT(s,n): at most n cards in s.
define(SHORT, `&&~#24($1)<=$2~')dnl
dnl NO_MAJOR4: no four-card major.
define(NO_MAJOR4, `&&~#24(H)<4&&#24(S)<4~')dnl
dnl UNBAL: a singleton or void, or a six-card suit.
define(UNBAL, `&&~#28(4)<=1||#28(1)>=6~')dnl
dnl NO_SINGLETON: no singleton or void.
define(NO_SINGLETON, `&&~#28(4)>=2~')dnl
dnl GOOD5(s): a good five-card (or longer) suit: two of the top three
dnl honours (8-4-2-1 count of 6 or more).
define(GOOD5, `&&~#24($1)>=5&&#25($1)>=6~')dnl
dnl TAKEOUT(a): short in a (two or fewer) and three or more in every other suit.
define(TAKEOUT, `&&~#24($1)<=2&&(#24(C)>=3||$1==C)&&(#24(D)>=3||$1==D)&&(#24(H)>=3||$1==H)&&(#24(S)>=3||$1==S)~')dnl
dnl TWO_SUITER(s,t): five or more cards in both s and t, with some honours.
define(TWO_SUITER, `&&~#24($1)>=5&&#24($2)>=5&&#25($1)+#25($2)>=5~')dnl
dnl ---- Spec macros ---------------------------------------------------------
dnl SPEC_BAL: what a balanced hand shows.
define(SPEC_BAL, `:D2S2H2D2C:d5S5H5D5C')dnl
dnl ---- More sequence macros (grabs a = suit opened, b = responder's suit,
dnl c = opener's second suit) ----
define(OPENMAJ, `(P:)?(P:)?(P:)?1$1[HS]')dnl
define(OPENMIN, `(P:)?(P:)?(P:)?1$1[CD]')dnl
define(SUIT1, `1$1[CDHS]')dnl
define(SUIT2, `2$1[CDHS]')dnl
define(SUITX, `[1-7]$1[CDHS]')dnl
define(NEW1, `1$1!#a!#b[CDHS]')dnl
define(NEW2, `2$1!#a!#b[CDHS]')dnl
define(NEWX, `[12]$1!#a!#b[CDHS]')dnl
dnl ---- Competition -----------------------------------------------------------
dnl LB(l,b): grab the level of a suit bid into l and its strain into b.
define(LB, `$1.$2[CDHS]')dnl
dnl CHEAPEST(m,c,l,b): bid m-c is the cheapest bid of strain c over l-b;
dnl JUMP(...): a single jump. MATH, zero-width, for sequence patterns.
define(CHEAPEST, `~$1==$3+($2<=$4)~')dnl
define(JUMP, `~$1==$3+($2<=$4)+1~')dnl
dnl LONGEST_UNBID(b,a): b is at least as long as every suit but a.
define(LONGEST_UNBID, `&&~(#24($1)>=#24(C)||$2==C)&&(#24($1)>=#24(D)||$2==D)&&(#24($1)>=#24(H)||$2==H)&&(#24($1)>=#24(S)||$2==S)~')dnl
dnl MAJOR_FIRST(b,a): a minor b is chosen only when longer than each unbid major.
define(MAJOR_FIRST, `&&~$1>=H||((#24(H)<#24($1)||$2==H)&&(#24(S)<#24($1)||$2==S))~')dnl
dnl MICHAELS_M(s): after a major opening, five or more in the other major s and
dnl five or more in a minor, with some honours.
define(MICHAELS_M, `&&~#24($1)>=5&&((#24(C)>=5&&#25($1)+#25(C)>=5)||(#24(D)>=5&&#25($1)+#25(D)>=5))~')dnl
dnl NOT_BAL: not balanced (a singleton, a void, two doubletons or a six-card suit).
define(NOT_BAL, `&&~#28(4)<=1||#28(3)<=2||#28(1)>=6~')dnl
dnl MICH_HCP: the strength for Michaels and the unusual notrump: weak (6-9)
dnl or strong (16+); intermediate hands overcall.
define(MICH_HCP, `&&~#20[6,9]||#20>=16~')dnl
