dnl Macros for the notrump, two-club, preempt and slam topics.
dnl
dnl ---- Hand and partnership strength ------------------------------------
dnl COMBINED(lo,hi): the bidder's HCP plus partner's shown minimum is in
dnl [lo,hi] (empty bound = no bound). Over a 15-17 notrump, 23 is an
dnl invitation, 25 a game, 31 a quantitative slam try, 33 a small slam.
define(COMBINED, `&&~#20+#210[0$1,0$2+99*!0$2]~')dnl
dnl FLAT(): 1 for a 4-3-3-3 hand (MATH fragment). Notrump decisions count
dnl such a hand one point lower.
define(FLAT, `(#28(1)==4&&#28(4)==3)')dnl
dnl NT_COMBINED(lo,hi): as COMBINED, counting a flat hand one point lower.
define(NT_COMBINED, `&&~#20-FLAT()+#210[0$1,0$2+99*!0$2]~')dnl
dnl NT_ACCEPT(): opener accepts a 2NT invitation: a good 16 or 17 (a flat
dnl hand counts one less, a five-card suit one more).
define(NT_ACCEPT, `&&~#20-FLAT()+(#28(1)>=5)>=#110+1~')dnl
dnl NT_EXTRAS(n): as EXTRAS, counting a flat hand one point lower.
define(NT_EXTRAS, `&&~#20-FLAT()>=#110+$1~')dnl
dnl EXTRAS(n): at least n HCP more than the bidder has shown so far.
define(EXTRAS, `&&~#20>=#110+$1~')dnl
dnl
dnl ---- MATH fragments (use inside ~...~) ----------------------------------
dnl ACE_COUNT(), KING_COUNT(): aces and kings held (8-4-2-1 honour count).
define(ACE_COUNT, `((#25(S)>=8)+(#25(H)>=8)+(#25(D)>=8)+(#25(C)>=8))')dnl
define(KING_COUNT, `((#25(S)-8*(#25(S)>=8)>=4)+(#25(H)-8*(#25(H)>=8)>=4)+(#25(D)-8*(#25(D)>=8)>=4)+(#25(C)-8*(#25(C)>=8)>=4))')dnl
dnl TOP2OF3(s): two of the top three honours in s (AK, AQ or KQ).
define(TOP2OF3, `(#25($1)>=10||#25($1)[6,7])')dnl
dnl FEATURE(s): an ace, king or queen in s (a weak two's "feature").
define(FEATURE, `(#25($1)>=2)')dnl
dnl NT_STOP(s): a notrump stopper: A, K, Qx+, or Jxx+ at a pinch.
define(NT_STOP, `(#26($1)>=3||(#26($1)>=2&&#24($1)>=3))')dnl
dnl
dnl ---- Constraint macros --------------------------------------------------
dnl ACES(n,m): n aces (or m: "0 or 4" answers use ACES(0,4)).
define(ACES, `&&~ACE_COUNT()==$1||ACE_COUNT()==0$2+99*!0$2~')dnl
define(KINGS, `&&~KING_COUNT()==$1||KING_COUNT()==0$2+99*!0$2~')dnl
dnl NO_MAJOR5: no five-card major.
define(NO_MAJOR5, `&&~#24(H)<5&&#24(S)<5~')dnl
dnl A four-card major (either).
define(HAS_MAJOR4, `&&~#24(H)>=4||#24(S)>=4~')dnl
