dnl Macros for uncontested auctions after a one-of-a-suit opening, second
dnl round and later (later-*.txt2). Grabs as in macros-suits.m4: a = the suit
dnl opened, b = responder's first suit, c = opener's second suit.
dnl
dnl ---- Who has passed ------------------------------------------------------
dnl UOPEN1(a): one of a suit opened in first or second seat: the responder is
dnl not a passed hand. POPEN1(a): opened in third or fourth seat after the
dnl responder passed. The same for UOPENED/POPENED (a given call) and the
dnl majors/minors.
define(UOPEN1, `(P:)?1$1[CDHS]')dnl
define(UOPENED, `(P:)?$1')dnl
define(UOPENMAJ, `(P:)?1$1[HS]')dnl
define(UOPENMIN, `(P:)?1$1[CD]')dnl
define(POPEN1, `P:P:(P:)?1$1[CDHS]')dnl
define(POPENED, `P:P:(P:)?$1')dnl
define(POPENMAJ, `P:P:(P:)?1$1[HS]')dnl
define(POPENMIN, `P:P:(P:)?1$1[CD]')dnl
dnl ---- Jumps -----------------------------------------------------------------
dnl RJS(a,b): responder's jump shift over the opening a, grabbing the suit in b.
define(RJS, `(2$2!N[>#$1]|3$2!N[<#$1])')dnl
dnl OJS(a,b,c): opener's jump shift after the one-level response b, grabbing
dnl the new suit in c (2 of a higher suit than b, or 3 of a lower one).
define(OJS, `(2$3!#$1!N[>#$2]|3$3!#$1[<#$2])')dnl
dnl ---- Hands -----------------------------------------------------------------
dnl FOURTH_STOPPED(a,b,c): the fourth suit (the one nobody has bid) stopped.
define(FOURTH_STOPPED, `&&~d=10-$1-$2-$3~STOPPED(d)')dnl
dnl HELP(s): help for a game try in s: a top honour (A, K or Q) or a
dnl singleton or void.
define(HELP, `&&~#25($1)>=2||#24($1)<=1~')dnl
dnl SEMI_BAL: no singleton or void (4-4-4-1 and 5-4-3-1 excluded).
define(SEMI_BAL, `&&~#28(4)>=2~')dnl
dnl REVERSE(a,b,c): opener's reverse after the one-level response b: two of
dnl a new suit c above the suit opened and below responder's suit.
define(REVERSE, `2$3!#$2!N[>#$1]~$3<$2~')dnl
dnl RESP(b): responder's first bid in a suit other than the one opened
dnl (grab a must be set): SUITX(b) without the raises.
define(RESP, `[1-7]$1!#a[CDHS]')dnl
dnl FIT_POINTS(s,lo,hi): with a fit in s, HCP plus a point for each card past
dnl four in s, plus 2 for a singleton, 3 for a void (the shortest suit).
define(FIT_POINTS, `&&~(#20+(#24($1)-4)*(#24($1)>4)+2*(#28(4)==1)+3*(#28(4)==0))[0$2,0$3+99*!0$3]~')dnl
dnl FOURTH_UNSTOPPED(a,b,c): the fourth suit not stopped (negation of
dnl FOURTH_STOPPED; sets grab d to the fourth suit).
define(FOURTH_UNSTOPPED, `&&~d=10-$1-$2-$3~&&~!(#26(d)>=3||(#26(d)>=2&&#24(d)>=3))~')dnl
dnl NEWNJ(c): after a one-level response b, opener's new suit that is not a
dnl jump shift (one level, or two of a suit below b), grabbing it in c.
define(NEWNJ, `(1$1!#a!#b[CDHS]|2$1!#a!#b[<#b])')dnl
dnl NOT_OJS(m,k,b,c): MATH, zero-width, for sequence patterns: responder's
dnl first bid at level m in b, opener's second at level k in c, and that was
dnl not a jump shift (one-level response, two of a higher suit).
define(NOT_OJS, `~!($1==1&&$2==2&&$4>$3)~')dnl
dnl HOLDS_ACES(n): the bidder holds at least n aces (constraint).
define(HOLDS_ACES, `&&~(#25(C)>=8)+(#25(D)>=8)+(#25(H)>=8)+(#25(S)>=8)>=$1~')dnl
dnl ACE_IN(s) / NO_ACE_IN(s): the ace of suit s held / not held.
define(ACE_IN, `&&~#25($1)>=8~')dnl
define(NO_ACE_IN, `&&~#25($1)<8~')dnl
dnl STOPX(s): MATH, a stopper in s (as STOPPED, for use inside ~...~).
define(STOPX, `(#26($1)>=3||(#26($1)>=2&&#24($1)>=3))')dnl
dnl OTHERS_UNSTOPPED(a,b): some suit other than a and b is not stopped.
define(OTHERS_UNSTOPPED, `&&~!(($1==C||$2==C||STOPX(C))&&($1==D||$2==D||STOPX(D))&&($1==H||$2==H||STOPX(H))&&($1==S||$2==S||STOPX(S)))~')dnl
dnl RESP_NOT21(b): responder's first bid in a new suit, as RESP, but not a
dnl two-over-one (a two-level bid below the suit opened): after a 2/1 the
dnl raise of opener's second suit is forcing (grab k = the level).
define(RESP_NOT21, `k.$1!#a[CDHS]~!(k==2&&$1<a)~')dnl
dnl SELF_SUFF(s): a self-sufficient suit: six cards headed by AKQ, or seven
dnl headed by AK (it plays opposite a void with at most one loser).
define(SELF_SUFF, `&&~(#24($1)>=6&&#25($1)>=14)||(#24($1)>=7&&#25($1)>=12)~')dnl
dnl ACES_WITH(d): the aces of both hands once partner has answered Blackwood
dnl with five of suit d (5C = 0 or 4, 5D = 1, 5H = 2, 5S = 3).
define(ACES_WITH, `(ACE_COUNT()+$1-1+4*(($1==1)&&(ACE_COUNT()==0)))')dnl
dnl WEAK_UNBID(a,s): MATH, the hand holds two or more cards without the ace
dnl or king in a suit neither opened (a) nor agreed (s): two quick losers
dnl possible, Blackwood is not the tool (eighth pass, later-pass11.txt2).
define(WEAK_UNBID, `((C!=$1&&C!=$2&&#24(C)>=2&&#25(C)<4)||(D!=$1&&D!=$2&&#24(D)>=2&&#25(D)<4)||(H!=$1&&H!=$2&&#24(H)>=2&&#25(H)<4)||(S!=$1&&S!=$2&&#24(S)>=2&&#25(S)<4))')dnl
dnl AGREED_2OVER1(s): sequence prefix, opener's major s, responder's
dnl two-over-one, opener's two-level rebid and responder's forcing raise
dnl to three of the major (1S 2C 2D 3S), the opponents silent; grabs b
dnl and c (eighth pass, later-pass12.txt2).
define(AGREED_2OVER1, `(P:)?1$1[HS]:P:2b[<#$1]:P:2c[CDHSN]:P:3#$1:P:')dnl
dnl AGREED_2NT(b): sequence prefix, opener's 2NT rebid (18-19) after a
dnl one-level major response b and responder's rebid of the major at
dnl three (five or more, forcing), the opponents silent (later-pass12.txt2).
define(AGREED_2NT, `(P:)?1a[CD]:P:1$1[HS]:P:2N:P:3#$1:P:')dnl
