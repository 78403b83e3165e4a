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
dnl NT_ACCEPT(): opener accepts a 2NT invitation: 16 or 17 (pass with 15,
dnl accept with 16-17), a five-card suit counting one more.
define(NT_ACCEPT, `&&~#20+(#28(1)>=5)>=#110+1~')dnl
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
dnl
dnl ---- Slam: control-showing cue-bids (slam-more.txt2) --------------------
dnl CTRL(x): a first-round control in x: the ace or a void (MATH fragment).
define(CTRL, `(#25($1)>=8||#24($1)==0)')dnl
dnl CUE_IDX(x,L,B): the bid index (level*5+strain) of the cheapest bid in
dnl strain x over the bid L-B (MATH fragment).
define(CUE_IDX, `(($2+($1<=$3))*5+$1)')dnl
dnl CTRL_FIRST(k,s,L,B): k is the cheapest side suit (s trumps) holding a
dnl first-round control, counting from the last bid L-B (constraint).
define(CTRL_FIRST, `&&~CTRL($1)&&(C==$2||C==$1||CUE_IDX(C,$3,$4)>CUE_IDX($1,$3,$4)||!CTRL(C))&&(D==$2||D==$1||CUE_IDX(D,$3,$4)>CUE_IDX($1,$3,$4)||!CTRL(D))&&(H==$2||H==$1||CUE_IDX(H,$3,$4)>CUE_IDX($1,$3,$4)||!CTRL(H))&&(S==$2||S==$1||CUE_IDX(S,$3,$4)>CUE_IDX($1,$3,$4)||!CTRL(S))~')dnl
dnl SLAM_INTEREST(n): our total points plus partner's shown minimum HCP
dnl reach n (constraint).
define(SLAM_INTEREST, `&&~#21+#210>=$1~')dnl
dnl SLAM_VALUES: 33+ combined HCP (partner's shown minimum) and no void:
dnl Blackwood rather than cue-bids.
define(SLAM_VALUES, `&&~#20+#210>=33&&#28(4)>=1~')dnl
dnl AGREED_RAISE(s): sequence prefix, a major s bid and raised to three
dnl (1H-3H, 1S-2H-3H, 2C-2D-2S-3S...), ending with the opponents' pass.
define(AGREED_RAISE, `START[123]$1[HS]:P:3#$1:P:')dnl
dnl AGREED_JACOBY(s): sequence prefix, 1M-2NT (Jacoby) and opener's
dnl three-level rebid (or 4m), grabbed into o (level) and r (strain).
define(AGREED_JACOBY, `(P:)?(P:)?(P:)?1$1[HS]:P:2N:P:o.r[CDHSN]~o==3||(o==4&&r<=D)~:P:')dnl
dnl NOT_NT_OPENING: zero-width, the auction did not begin with a notrump
dnl opening or overcall (4NT is quantitative there, see notrump.txt2).
define(NOT_NT_OPENING, `!((P:)*[123]N)!((P:)*1[CDHS]:1N)!((P:)*2C:P:2D:P:[23]N)')dnl
dnl CUE_AT(l,k,s,L,B): sequence, a cue-bid l-k (a side suit, s trumps) at
dnl the cheapest level over the last bid L-B and below game in s.
define(CUE_AT, `$1.$2[CDHS]~$2!=$3&&$1*5+$2<20+$3&&$1==$4+($2<=$5)~')dnl
dnl ACES_HELD(b): MATH, aces held by the partnership after partner's Blackwood answer
dnl 5-b (1 = 5C, 0 or 4 aces: taken as 0 unless we hold none).
define(ACES_HELD, `(ACE_COUNT()+$1-1+4*(($1==1)&&(ACE_COUNT()==0)))')dnl
dnl PMIN(n): partner's shown minimum HCP, but at least n (MATH fragment): an
dnl opening bid shows 10+ by the Rule of 20 yet averages 13.
define(PMIN, `(#210+(0$1-#210)*(#210<0$1))')dnl
dnl PFLOOR(): partner's shown floor, the larger of his HCP minimum and his
dnl total-points minimum (a jump raise shows 17+ points on 10+ HCP).
define(PFLOOR, `(#210+(#220-#210)*(#220>#210))')dnl
dnl FIT8(s): MATH, eight or more cards in s between us (partner's shown length).
define(FIT8, `(#250($1)+#24($1)>=8)')dnl
dnl NOT_JACOBY: zero-width, the auction did not begin with a major opening
dnl and Jacoby 2NT (slam-more.txt2 has its own slam rules there).
define(NOT_JACOBY, `!((P:)?(P:)?(P:)?1[HS]:P:2N:)')dnl
dnl NOT_1N_REBID: zero-width, not opener's 1NT rebid after a one-level
dnl response (slam-fit.txt2 counts that 12-14 rebid on its own).
define(NOT_1N_REBID, `!((P:)?(P:)?(P:)?1[CDH]:P:1[DHS]:P:1N:P:)')dnl
dnl NT_COUNT(lo,hi): the notrump count for slam decisions: HCP, one more
dnl for a five-card suit, two for a six-card or longer one (length points),
dnl plus partner's shown minimum, is in [lo,hi] (empty bound = no bound).
define(NT_COUNT, `&&~#20+(#28(1)>=5)+(#28(1)>=6)+#210[0$1,0$2+99*!0$2]~')dnl
dnl NT2_GAME(): responder to 2NT (20-21) or 2C-2D-2NT (22-24) has game values:
dnl 4+ HCP opposite 20-21, 3+ opposite 22-24 (25 with opener's maximum);
dnl NT2_PART(): he has not.
define(NT2_GAME, `&&~#20+#210>=24&&#20>=3~')dnl
define(NT2_PART, `&&~#20+#210<=23||#20<=2~')dnl
dnl SHORT_PULL(a): opener takes out partner's values-or-penalty double of
dnl their suit a: a doubleton without the queen or better (with Hx or
dnl three cards he passes: a trump trick, and partner may hold a stack).
define(SHORT_PULL, `&&~#24($1)<=1||(#24($1)==2&&#25($1)<2)~')dnl
