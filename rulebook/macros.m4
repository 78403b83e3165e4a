dnl bidbook default rulebook: the macros that make rules read like bridge.
dnl
dnl Constraint macros test the bidder's hand. Each one positions itself
dnl (a GOTO `@nn' into the hand pattern string, or `&&' back to its start),
dnl so they can be written one after another: HCP(15,17)BALANCED.
dnl An empty bound means "no bound": LEN(S,5,) is five or more spades.
dnl The MATH trick `0$2+99*!0$2' turns an empty maximum into 99.
dnl
dnl Hand functions (see docs/rule-language.md): #20 HCP, #21 total points,
dnl #22 losers, #23 controls, #24(s) length, #25(s) honours, #26(s) stopper,
dnl #27(s) quality, #28(n) the n-th longest suit length.
define(HCP, `@00P~.[0$1,0$2+99*!0$2]~')
define(POINTS, `@03M~.[0$1,0$2+99*!0$2]~')
define(LEN, `&&~#24($1)[0$2,0$3+99*!0$3]~')
define(QUALITY, `&&~#27($1)>=$2~')
define(STOPPER, `&&~#26($1)>=3~')
define(BALANCED, `@07[345]@11[345]@13[2345]')
define(RULE_OF_20, `&&~#20>=10&&#20+#28(1)+#28(2)>=20~')
define(RULE_OF_15, `&&~#20>=8&&#20+#24(S)>=15~')
dnl Third seat may open light: the Rule of 20, or 9+ HCP with a good five-card suit.
define(LIGHT_THIRD, `&&~(#20>=10&&#20+#28(1)+#28(2)>=20)||(#20>=9&&((#24(S)>=5&&#27(S)>=5)||(#24(H)>=5&&#27(H)>=5)||(#24(D)>=5&&#27(D)>=5)||(#24(C)>=5&&#27(C)>=5)))~')
dnl No void (weak twos).
define(NO_VOID, `&&~#28(4)>=1~')
dnl The longer major, spades with 5-5; the longer minor, diamonds with 4-4.
define(NO_FIVE_MAJOR, `&&~#24(S)<5&&#24(H)<5~')
define(SPADES_FIRST, `&&~#24(S)>=5&&#24(S)>=#24(H)~')
define(HEARTS_FIRST, `&&~#24(H)>=5&&#24(H)>#24(S)~')
define(DIAMONDS_FIRST, `&&~#24(D)>#24(C)||(#24(D)==#24(C)&&#24(D)>=4)~')
define(CLUBS_FIRST, `&&~#24(C)>#24(D)||(#24(C)==#24(D)&&#24(C)<=3)~')
dnl Sequence macros: the seats an opening is made in.
define(SEAT12, `(P:)?$1')
define(SEAT123, `(P:)?(P:)?$1')
define(SEAT3, `P:P:$1')
define(SEAT4, `P:P:P:$1')
define(ANYSEAT, `(P:)?(P:)?(P:)?$1')
dnl Topic macro files.
include(macros-notrump.m4)
include(macros-suits.m4)
include(macros-defence.m4)
include(macros-interference.m4)
include(macros-later.m4)
include(macros-slam.m4)
include(macros-openings.m4)
