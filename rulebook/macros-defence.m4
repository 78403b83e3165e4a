dnl Macros for defensive bidding (the opponents opened): defence*.txt2.
dnl
dnl ---- Sequence macros ----------------------------------------------------
dnl THEY(X): X is their opening, made in any seat (0-3 passes before it);
dnl the same as OPENED, named for reading the defence files.
define(THEY, `(P:)?(P:)?(P:)?$1')dnl
dnl DEFENDER(): the rest of an auction in which the opponents opened,
dnl ending at a turn of the defending side: an even number of calls after
dnl the opening, then the candidate call (written after it).
define(DEFENDER, `(P:)?(P:)?(P:)?[1-7].(:,:,)*')dnl
dnl
dnl ---- Hand macros ---------------------------------------------------------
dnl UNBID(a,b,n): n or more cards in every suit other than a and b.
define(UNBID, `&&~(#24(C)>=$3||$1==C||$2==C)&&(#24(D)>=$3||$1==D||$2==D)&&(#24(H)>=$3||$1==H||$2==H)&&(#24(S)>=$3||$1==S||$2==S)~')dnl
dnl UNBID_SUPPORT(a,b): the two suits other than a and b: 4-4, or 4-3 with
dnl the four-card suit a major (a takeout double of two bid suits).
define(UNBID_SUPPORT, `&&~(#24(C)>=3||$1==C||$2==C)&&(#24(D)>=3||$1==D||$2==D)&&(#24(H)>=3||$1==H||$2==H)&&(#24(S)>=3||$1==S||$2==S)&&((#24(H)>=4&&$1!=H&&$2!=H)||(#24(S)>=4&&$1!=S&&$2!=S)||((#24(C)>=4||$1==C||$2==C)&&(#24(D)>=4||$1==D||$2==D)))~')dnl
dnl GOOD_SUIT(s): a five-card suit with two of the top three honours, or any
dnl six-card suit headed by the ace, king or queen.
define(GOOD_SUIT, `&&~(#24($1)>=5&&#25($1)>=6)||(#24($1)>=6&&#25($1)>=2)~')dnl
dnl LEAD_SUIT(s): a suit partner should lead: five or more with two of the
dnl top three honours (8-4-2-1 count 10+, or KQ: 6-7), or four with three
dnl of the top four (KQJ 7, AQJ 11, AKJ/AKQ 13+). A single ace is not enough.
define(LEAD_SUIT, `&&~(#24($1)>=5&&(#25($1)>=10||#25($1)[6,7]))||(#24($1)>=4&&(#25($1)==7||#25($1)==11||#25($1)>=13))~')dnl
dnl NOT_VUL(), VUL(): the bidder's side is (not) vulnerable, for sequence
dnl patterns (MATH, zero-width).
define(NOT_VUL, `~!#2~')dnl
define(VUL, `~#2~')dnl
dnl TWO_STOPS(a,b): stoppers in both of their suits.
define(TWO_STOPS, `STOPPED($1)STOPPED($2)')dnl
dnl FIT(s,n): partner has shown enough that we hold n or more cards between us.
define(FIT, `&&~#24($1)+#250($1)>=$2~')dnl
dnl OC(l,b): our suit bid (an overcall, or the advance of a double) at level
dnl l in strain b, not their suit a (a cue-bid is not a suit of ours).
define(OC, `$1.$2!#a[CDHS]')dnl
dnl
dnl ---- Cappelletti over 1NT (defence-capp.txt2) ----------------------------
dnl CAPP_HCP(): the strength for a two-level Cappelletti call: 8-15 HCP,
dnl 10+ when vulnerable.
define(CAPP_HCP, `HCP(8,15)&&~#20>=8+2*#2~')dnl
dnl CAPP_ONE_SUIT(): a decent six-card or longer suit, no second four-card major.
define(CAPP_ONE_SUIT, `&&~(#24(S)>=6&&#27(S)>=4&&#24(H)<=3)||(#24(H)>=6&&#27(H)>=4&&#24(S)<=3)||(#24(D)>=6&&#27(D)>=4&&#24(H)<=3&&#24(S)<=3)||(#24(C)>=6&&#27(C)>=4&&#24(H)<=3&&#24(S)<=3)~')dnl
dnl CAPP_MINOR(M): a second suit, a minor, with M: five cards, or four with six M.
define(CAPP_MINOR, `&&~#24(C)>=5||#24(D)>=5||(#24($1)>=6&&(#24(C)>=4||#24(D)>=4))~')dnl
dnl
dnl ---- The doubler's side competing again (defence-compete.txt2) ----------
dnl LONGEST_OTHER(b,a,c): b is at least as long as every suit other than a
dnl and c (their two suits, or their one suit twice).
define(LONGEST_OTHER, `&&~(#24($1)>=#24(C)||$2==C||$3==C)&&(#24($1)>=#24(D)||$2==D||$3==D)&&(#24($1)>=#24(H)||$2==H||$3==H)&&(#24($1)>=#24(S)||$2==S||$3==S)~')dnl
dnl DEF_TRUMPS(c): length and strength in their suit c to defend a doubled
dnl contract: five cards, or four with two honours (8-4-2-1 count 6+).
define(DEF_TRUMPS, `&&~#24($1)>=5||(#24($1)>=4&&#25($1)>=6)~')dnl
dnl TOP_OTHER(d,a,b,c): d is the longest suit other than a, b and c; with
dnl equal length, the higher-ranking.
define(TOP_OTHER, `&&~(#24($1)>#24(C)||($1>=C&&#24($1)==#24(C))||$2==C||$3==C||$4==C)&&(#24($1)>#24(D)||($1>=D&&#24($1)==#24(D))||$2==D||$3==D||$4==D)&&(#24($1)>#24(H)||($1>=H&&#24($1)==#24(H))||$2==H||$3==H||$4==H)&&(#24($1)>#24(S)||($1>=S&&#24($1)==#24(S))||$2==S||$3==S||$4==S)~')dnl
dnl
dnl ---- Booklet audit (defence-audit.txt2) ----------------------------------
dnl DEF_MICH_HCP(): a direct Michaels cue-bid or unusual 2NT: weak (6-9 HCP,
dnl 8-9 when vulnerable) or very strong (16+), never intermediate.
define(DEF_MICH_HCP, `&&~(#20>=6+2*#2&&#20<=9)||#20>=16~')dnl
dnl UNBID3(a,b,c,n): n or more cards in every suit other than a, b and c.
define(UNBID3, `&&~(#24(C)>=$4||$1==C||$2==C||$3==C)&&(#24(D)>=$4||$1==D||$2==D||$3==D)&&(#24(H)>=$4||$1==H||$2==H||$3==H)&&(#24(S)>=$4||$1==S||$2==S||$3==S)~')dnl
dnl
dnl ---- Third and fourth seat openings (openings.txt2, passed-out deals) ----
dnl THIRD_OPEN(): third seat opens light (LIGHT_THIRD), and always with 12+ HCP
dnl (a hand close to a first-seat opening, partner has passed).
define(THIRD_OPEN, `&&~(#20>=12)||(#20>=10&&#20+#28(1)+#28(2)>=20)||(#20>=9&&((#24(S)>=5&&#27(S)>=5)||(#24(H)>=5&&#27(H)>=5)||(#24(D)>=5&&#27(D)>=5)||(#24(C)>=5&&#27(C)>=5)))~')dnl
dnl FOURTH_OPEN(): fourth seat opens on the Rule of 15 (HCP + spades), and
dnl always with a full opening bid (13+ HCP).
define(FOURTH_OPEN, `&&~(#20>=13)||(#20>=8&&#20+#24(S)>=15)~')dnl
