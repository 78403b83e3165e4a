dnl Macros for contested later calls (contested-later.txt2): both sides have
dnl bid and the bidder speaks again (or for the first time after partner).
dnl Grabs: l/c = the last bid (level and strain, c may be N); k/s = the
dnl bidder's call (level and strain).
dnl
dnl ---- Sequence macros ----------------------------------------------------
dnl CONTEST(l,c): an auction opened with one of a suit, up to the last bid l-c, followed only by passes,
dnl doubles and redoubles, before the bidder's call (written after it).
define(CONTEST, `(P:)?(P:)?(P:)?1[CDHS](:,)*:$1.$2[CDHSN](:[PXR])*')dnl
dnl THEIR_BID(l,c): an auction opened with one of a suit, ending in the opponents' bid l-c, made by the
dnl right-hand opponent or by the left-hand one and passed round to us.
define(THEIR_BID, `(P:)?(P:)?(P:)?1[CDHS](:,)*:$1.$2[CDHS](:P:P)?')dnl
dnl BOTH_SIDES: an opponent and partner have each made a call other than pass,
dnl and the bidder is free (not forced by partner's last call): zero-width MATH
dnl conditions to be joined with && inside a ~...~ test.
define(BOTH_SIDES, `#4&&#5&&!#12')dnl
dnl OUR_FIT8: the bidder and partner have shown eight or more cards together in
dnl some suit (MATH, to be used inside ~...~).
define(OUR_FIT8, `(#150(C)+#250(C)>=8||#150(D)+#250(D)>=8||#150(H)+#250(H)>=8||#150(S)+#250(S)>=8)')dnl
dnl ONLY_THEIRS(s): only the opponents have bid s (MATH).
define(ONLY_THEIRS, `(#9($1)&&!#10($1)&&!#11($1))')dnl
dnl NOBODYS(s): nobody has bid s (MATH).
define(NOBODYS, `(!#9($1)&&!#10($1)&&!#11($1))')dnl
dnl
dnl ---- Hand macros ---------------------------------------------------------
dnl THEIRS_STOPPED: every suit the opponents have bid is stopped (STOPPED).
define(THEIRS_STOPPED, `&&~(!#9(C)||#26(C)>=3||(#26(C)>=2&&#24(C)>=3))&&(!#9(D)||#26(D)>=3||(#26(D)>=2&&#24(D)>=3))&&(!#9(H)||#26(H)>=3||(#26(H)>=2&&#24(H)>=3))&&(!#9(S)||#26(S)>=3||(#26(S)>=2&&#24(S)>=3))~')dnl
dnl NO_MAJOR_FIT8: no eight-card major fit with what partner has shown.
define(NO_MAJOR_FIT8, `&&~#250(H)+#24(H)<8&&#250(S)+#24(S)<8~')dnl
dnl OTHERS3(c): three or more cards in every suit but c that only the
dnl opponents have not bid (a takeout shape).
define(OTHERS3, `&&~(#24(C)>=3||$1==C||(#9(C)&&!#10(C)&&!#11(C)))&&(#24(D)>=3||$1==D||(#9(D)&&!#10(D)&&!#11(D)))&&(#24(H)>=3||$1==H||(#9(H)&&!#10(H)&&!#11(H)))&&(#24(S)>=3||$1==S||(#9(S)&&!#10(S)&&!#11(S)))~')dnl
dnl LONGEST_OURS(s): s is at least as long as every suit the opponents alone
dnl have not bid.
define(LONGEST_OURS, `&&~(#24($1)>=#24(C)||(#9(C)&&!#10(C)&&!#11(C)))&&(#24($1)>=#24(D)||(#9(D)&&!#10(D)&&!#11(D)))&&(#24($1)>=#24(H)||(#9(H)&&!#10(H)&&!#11(H)))&&(#24($1)>=#24(S)||(#9(S)&&!#10(S)&&!#11(S)))~')dnl
dnl CONTEST_NR(l,c): as CONTEST, in an auction with no redouble (after a
dnl redouble the doubler's and the redoubler's new suits mean more).
define(CONTEST_NR, `(P:)?(P:)?(P:)?1[CDHS](:!R,)*:$1.$2[CDHSN](:[PX])*')dnl
dnl THEIRS_STOPPED_OR_NT: THEIRS_STOPPED, or partner has bid notrump (he
dnl promised their suits stopped).
define(THEIRS_STOPPED_OR_NT, `&&~#10(N)||((!#9(C)||#26(C)>=3||(#26(C)>=2&&#24(C)>=3))&&(!#9(D)||#26(D)>=3||(#26(D)>=2&&#24(D)>=3))&&(!#9(H)||#26(H)>=3||(#26(H)>=2&&#24(H)>=3))&&(!#9(S)||#26(S)>=3||(#26(S)>=2&&#24(S)>=3)))~')dnl
dnl LIVE: the opponents are still bidding: one of their last four calls
dnl (the last two rounds) was not a pass. Appended to a
dnl sequence pattern (a second pattern, anchored at the end).
define(LIVE, `&START(!P,:,:,:,:,:,:,:,|!P,:,:,:,:,:,|!P,:,:,:,|!P,:,)$')dnl
dnl OUR_MAJOR_FIT_BELOW(k,s): we have shown eight or more cards in a major,
dnl and the bid k-s is below three of it (MATH).
define(OUR_MAJOR_FIT_BELOW, `((#150(H)+#250(H)>=8&&($1<3||$2<H))||(#150(S)+#250(S)>=8&&($1<3||$2<S)))')dnl
dnl OUR_MINOR_FIT: eight or more cards shown together in a minor, and no
dnl major fit (MATH).
define(OUR_MINOR_FIT, `((#150(C)+#250(C)>=8||#150(D)+#250(D)>=8)&&#150(H)+#250(H)<8&&#150(S)+#250(S)<8)')dnl
dnl THEIR_BID_NR(l,c): as THEIR_BID, in an auction with no redouble (after a
dnl redouble, doubles are for penalty).
define(THEIR_BID_NR, `(P:)?(P:)?(P:)?1[CDHS](:!R,)*:$1.$2[CDHS](:P:P)?')dnl
dnl CONTEST_NOX(l,c): as CONTEST, but not just after partner's double (a
dnl pass there converts it to penalties).
define(CONTEST_NOX, `(P:)?(P:)?(P:)?1[CDHS](:,)*:$1.$2[CDHSN]((:[PXR])*(:[XR]|:P:P|:R:P)|:P)?')dnl
