dnl Macros for our side after the opponents interfere with our opening of one
dnl of a suit (interference*.txt2). Grabs: a = the suit opened, b = their
dnl suit, c/d = other suits, l/m/n = levels.
dnl
dnl ---- Sequence macros ----------------------------------------------------
dnl OPEN1U(a): one of a suit opened in first or second seat: responder has not
dnl passed. OPEN1P(a): opened in third or fourth seat: responder is a passed
dnl hand (at most 11 HCP).
define(OPEN1U, `(P:)?1$1[CDHS]')dnl
define(OPEN1P, `P:P:(P:)?1$1[CDHS]')dnl
define(OPENMAJU, `(P:)?1$1[HS]')dnl
define(OPENMAJP, `P:P:(P:)?1$1[HS]')dnl
define(OPENMINU, `(P:)?1$1[CD]')dnl
dnl ANY_ROUNDS: any number of further rounds (pairs of calls) before our call, so
dnl OPEN1(a)ANY_ROUNDS:l.c[CDHS]:X is our double of RHO's bid at any later turn.
define(ANY_ROUNDS, `(:,:,)*')dnl
dnl THEY_BID: an opponent has made a call other than pass (zero-width).
define(THEY_BID, `~#4~')dnl
dnl ---- Hand macros ---------------------------------------------------------
dnl HAS_FIT(s,n): n or more cards in s together with what partner has shown.
define(HAS_FIT, `&&~#250($1)+#24($1)>=$2~')dnl
dnl SHORT_IN(s): at most one card in partner's suit s.
define(SHORT_IN, `&&~#24($1)<=1~')dnl
dnl TRUMP_STACK(s): four or more cards with two honours of the top three
dnl (or A/K with five): a holding that beats their contract.
define(TRUMP_STACK, `&&~#24($1)>=4&&(#25($1)>=6||(#24($1)>=5&&#25($1)>=4))~')dnl
dnl OUR_HCP(lo,hi): our side's HCP, counting partner's shown minimum.
define(OUR_HCP, `&&~#20+#210[0$1,0$2+99*!0$2]~')dnl
dnl SUPPORT_FOR(s): support for partner's opening: three for a major, four for
dnl diamonds, five for clubs.
define(SUPPORT_FOR, `&&~#24($1)>=3+($1==D)+2*($1==C)~')dnl
dnl UNBID_MAJOR4(a,b): four cards in each unbid major (either minor with
dnl both majors bid): the shape of a negative double at the three level.
define(UNBID_MAJOR4, `&&~(#24(H)>=4&&$1!=H&&$2!=H)||(#24(S)>=4&&$1!=S&&$2!=S)||($1>=H&&$2>=H&&#24(C)>=4&&#24(D)>=4)~')dnl
dnl ---- Redirections ----------------------------------------------------------
dnl SAME_AS(seen, as): after `seen' (the opening and three more calls, in any
dnl seat), bid as after `as': the opponents' double or overcall changed nothing
dnl that the uncontested rules need. One redirection line per seat.
define(SAME_AS, `0 $1@$2 0 . .
0 P:$1@P:$2 0 . .
0 P:P:$1@P:P:$2 0 . .
0 P:P:P:$1@P:P:P:$2 0 . .')dnl
dnl AFTER_DOUBLE(o,r): 1o (X) r (P) bids as 1o P r P.
define(AFTER_DOUBLE, `SAME_AS($1:X:$2:P, $1:P:$2:P)')dnl
dnl RESPONSE_DOUBLED(o,r): 1o P r (X) bids as 1o P r P (SAYC: no support
dnl redoubles; opener rebids naturally, or passes with nothing to add).
define(RESPONSE_DOUBLED, `SAME_AS($1:P:$2:X, $1:P:$2:P)')dnl
dnl AFTER_RUN / RUN_LATE: our redouble, and they ran at once (opener passed,
dnl forcing) or after two passes.
define(AFTER_RUN, `OPEN1(a):X:R:LB(l,c):P:P')dnl
define(RUN_LATE, `OPEN1(a):X:R:P:P:LB(l,c)')dnl
dnl NEG_NEWSUIT: our negative double, opener's answer, responder's new suit
dnl (forcing) and RHO's pass: opener to bid.
define(NEG_NEWSUIT, `OPEN1(a):LB(l,b):X:P:LB(n,c)~c!=b~:P:k.d!#a!#b!#c[CDHS]CHEAPEST(k,d,n,c)~!SHOWN_MAJOR(d)~:P')dnl
dnl OPENER_TAKEOUT_X: opener's competitive (takeout) double of RHO's suit m-c
dnl after partner's pass (c grabbed), LHO passing: responder to bid.
define(OPENER_TAKEOUT_X, `OPEN1(a)(:,:P|:X:P|:P:P):LB(m,c):X:P')dnl
dnl FREE_REBID: responder's free bid (RHO passing) and opener's rebid in a
dnl suit d: responder's second call.
define(FREE_REBID, `OPEN1(a):LB(l,c)~c!=a~:n.b!#a!#c[CDHS]CHEAPEST(n,b,l,c):P:LB(k,d)~d!=c~:P')dnl
dnl NEG_JUMPSHIFT: our negative double and opener's jump shift in a minor
dnl (forcing), RHO passing: responder to bid.
define(NEG_JUMPSHIFT, `OPEN1(a):LB(l,b)~b!=a~:X:P:m.c!#a!#b[CD]JUMP(m,c,l,b):P')dnl
dnl ---- Competitive auctions (interference-compete.txt2) ----------------------
dnl FIT_KNOWN: the bidder and partner have shown seven or more cards together
dnl in some suit (zero-width).
define(FIT_KNOWN, `~#150(C)+#250(C)>=7||#150(D)+#250(D)>=7||#150(H)+#250(H)>=7||#150(S)+#250(S)>=7~')dnl
dnl THEY_COMPETE(cond): an opponent's suit bid l-c (c grabbed), at our turn
dnl directly over it or after partner and LHO passed; our call follows.
define(THEY_COMPETE, `OPEN1(a)ANY_ROUNDS:LB(l,c)$1(:P:P)?')dnl
dnl REBID_DOUBLED(o, r, rb): 1o P r P rb (X) bids as 1o P r P rb P: RHO's
dnl takeout double of opener's rebid changes nothing natural.
define(REBID_DOUBLED, `SAME_AS($1:P:$2:P:$3:X, $1:P:$2:P:$3:P)')dnl
dnl ---- interference-more.txt2 ---------------------------------------------
dnl FREE_DOUBLED: our opening, their overcall (c), responder's free bid in a
dnl new suit b and RHO's double of it: opener to bid (he may pass now).
define(FREE_DOUBLED, `OPEN1(a):LB(l,c)~c!=a~:n.b!#a!#c[CDHS]CHEAPEST(n,b,l,c):X')dnl
dnl LIMIT_DOUBLED: 1a P 3a (a limit raise) and their double: opener to bid.
define(LIMIT_DOUBLED, `OPEN1(a):P:3#a:X')dnl
dnl RAISED_FREE: our opening, their overcall (c), responder's free bid in b
dnl and opener's single raise of it (RHO passing both times): responder to bid.
define(RAISED_FREE, `OPEN1(a):LB(l,c)~c!=a~:n.b!#a!#c[CDHS]CHEAPEST(n,b,l,c):P:k.(#b)CHEAPEST(k,b,n,b):P')dnl
dnl NEG_RAISED: our opening, their overcall b, our negative double and LHO's
dnl raise of the overcall to n-b (n at most three): opener to bid.
define(NEG_RAISED, `OPEN1(a):LB(l,b)~b!=a~:X:n.(#b)~n<=3~')dnl
dnl CUE_RAISED_THEY: our opening, their overcall c, responder's cue-bid raise
dnl (a limit raise or better) and LHO's bid j-d: opener to bid.
define(CUE_RAISED_THEY, `OPEN1(a):LB(l,c)~c!=a~:m.(#c)CHEAPEST(m,c,l,c):LB(j,d)~j<=4~')dnl
dnl ---- Fifth pass ------------------------------------------------------------
dnl STRONG_TRUMPS(s): a penalty double's trumps: four headed by A-Q or A-K, or
dnl five with the ace or king.
define(STRONG_TRUMPS, `&&~(#24($1)>=4&&#25($1)>=10)||(#24($1)>=5&&#25($1)>=4)~')dnl
dnl PEN_TRUMPS(s): trumps to double a contract they chose at the two level
dnl (they have a fit): five with the ace or king, or four headed by A-K or A-Q-J.
define(PEN_TRUMPS, `&&~(#24($1)>=4&&#25($1)>=11)||(#24($1)>=5&&#25($1)>=4)~')dnl
dnl FREE_REBID_COMP: responder's free bid b (RHO passing), opener's rebid d at
dnl level j, then the advancer's bid f at level k: responder's second call.
define(FREE_REBID_COMP, `OPEN1(a):LB(l,c)~c!=a~:n.b!#a!#c[CDHS]CHEAPEST(n,b,l,c):P:LB(j,d)~d!=c~:LB(k,f)~f!=d&&f!=a&&f!=b~')dnl
dnl FREE_COMP_NEW: then responder's new suit (or preference) g at level m,
dnl RHO passing: opener to bid.
define(FREE_COMP_NEW, `FREE_REBID_COMP:m.g!#f[CDHS]CHEAPEST(m,g,k,f)~m<=3&&g!=b~:P')dnl
dnl FREE_COMP_OWN: then responder's rebid of the free-bid suit b (six cards,
dnl at level m), RHO passing: opener to bid.
define(FREE_COMP_OWN, `FREE_REBID_COMP:m.(#b)CHEAPEST(m,b,k,f)~m<=3~:P')dnl
dnl ---- Sixth pass (ids 51500-51999) ------------------------------------------
dnl FREE_NT: our opening, their overcall c, responder's free bid b (one level),
dnl opener's 1NT rebid (12-14, a stopper): responder's second call follows.
define(FREE_NT, `OPEN1(a):LB(l,c)~c!=a~:n.b!#a!#c[CDHS]CHEAPEST(n,b,l,c):(P|X):1N:P')dnl
dnl RESP_OVERCALLED: our opening a, responder's new suit b (one level, or two
dnl over one, 10+), RHO's overcall
dnl c and opener's pass (a minimum with nothing to say), LHO passing:
dnl responder's second call follows.
define(RESP_OVERCALLED, `OPEN1(a):P:(1b!#a[CDHS]|2b[CDHS]~b<a~):LB(l,c)~c!=b~:P:P')dnl
dnl NOT_3N_INSTEAD(l,c): 3NT is not the better game: it is out of reach (they
dnl bid 3NT or higher), a suit of theirs is unstopped, or we hold a major fit
dnl (constraint).
define(NOT_3N_INSTEAD, `&&~$1>3||($1==3&&$2==N)||#250(H)+#24(H)>=8||#250(S)+#24(S)>=8||!THEIR_SUITS_STOPPED~')dnl
dnl ---- Seventh pass (ids 54500-54999) -----------------------------------------
dnl MAXIMAL_BID(a): their three-level bid in the suit just below our major a
dnl (c grabbed): no room for a game try below three of our major.
define(MAXIMAL_BID, `3c[DH]~c==$1-1~')dnl
dnl VALX_A / VALX_B: responder's values double of their raise (after his
dnl one-level response and RHO's overcall, or after his free bid), opener's
dnl answer e at level k (not their suit d), RHO passing: responder to bid.
define(VALX_A, `OPEN1(a):P:SUITX(b):LB(l,c)~c!=b~:P:LB(m,d)~m<=3~:X:P:LB(k,e)~e!=d~:P')dnl
define(VALX_B, `OPEN1(a):LB(l,c)~c!=a~:n.b!#a!#c[CDHS]CHEAPEST(n,b,l,c):LB(m,d)~m<=3~:P:P:X:P:LB(k,e)~e!=d~:P')dnl
dnl DBL_RESP_DBL: our opening a, their takeout double, responder's new suit
dnl b at the one level and the advancer's double of it: opener to bid.
define(DBL_RESP_DBL, `OPEN1(a):X:1b!N!#a.:X')dnl
dnl REOPEN_CUE_ANS: opener's reopening double, responder's cue-bid (13+) and
dnl opener's answer e at level k, RHO passing: responder to bid.
define(REOPEN_CUE_ANS, `OPEN1(a):LB(l,b)~b!=a~:P:P:X:P:m.(#b)CHEAPEST(m,b,l,b)~m<=3~:P:LB(k,e)~e!=b~:P')dnl
dnl ---- Eighth pass (ids 58000-58499) -------------------------------------------
dnl RESP_OVC8: our opening a, responder's first call b (a one-level suit or
dnl 1NT, a two-over-one, or a raise of a) and RHO's overcall c at level l.
define(RESP_OVC8, `OPEN1(a):P:(1b!#a[CDHSN]|2b[CDHS]~b<=a~):LB(l,c)~c!=b&&c!=a~')dnl
dnl REBID_OVC8: then opener's bid e at level k (not their suit), LHO passing:
dnl responder's second call.
define(REBID_OVC8, `RESP_OVC8:k.e!#c[CDHSN]~k<=3~:P')dnl
dnl PENX_OVC8: then opener's penalty double of the overcall, LHO passing
dnl (not after our raise, where the double is a try for game).
define(PENX_OVC8, `RESP_OVC8~b!=a~:X:P')dnl
dnl FREE8: our opening a, their overcall c, responder's free bid b (RHO
dnl passing or bidding follows in the rule).
define(FREE8, `OPEN1(a):LB(l,c)~c!=a~:n.b!#a!#c[CDHS]CHEAPEST(n,b,l,c)')dnl
dnl JS8: opener's jump shift d (19+) after the free bid, RHO passing and then
dnl LHO passing: responder to bid. REV8: opener's new suit e at the three
dnl level above his own after their raise, LHO passing.
define(JS8, `FREE8:P:k.d!#a!#b!#c[CDHS]JUMP(k,d,n,b)~k<=3~:P')dnl
define(REV8, `FREE8:LB(m,g)~m==2~:3d!#a!#b!#c!#g[CDHS]~d>a~:P')dnl
dnl CUE8: our opening a, their overcall c, responder's cue-bid raise,
dnl RHO passing: opener to bid.
define(CUE8, `OPEN1(a):LB(l,c)~c!=a~:m.(#c)CHEAPEST(m,c,l,c):P')dnl
dnl ---- Tenth pass (ids 60500-60999) ---------------------------------------------
dnl RF_TRY: our opening a, their overcall c, responder's free bid of a major b,
dnl opener's single raise (RHO and LHO passing) and responder's new suit d
dnl below three of the major: a game try. Opener to bid after RHO's pass.
define(RF_TRY, `RAISED_FREE~k==2&&b>=H~:m.d!#b!#c[CDHS]~(m==2&&d>b)||(m==3&&d<b)~:P')dnl
dnl NEGR_X: our negative double, LHO's raise of the overcall b (to level n),
dnl opener's double (extra values) and RHO's pass: responder to bid.
define(NEGR_X, `NEG_RAISED~n>=2~:X:P')dnl
dnl OUR_GAME_SAC: our side bid game in a major s, they bid on at the five
dnl level (c grabbed); the partner of the game bidder to call.
define(OUR_GAME_SAC, `OPEN1(a)(:,:,)*:,:4s[HS]:5c[CDHS]~c!=s~')dnl
dnl REOPEN_ANS: opener's reopening double of b, responder's cheapest answer c
dnl at level m (RHO passing both times), LHO passing: opener's third call.
define(REOPEN_ANS, `OPEN1(a):LB(l,b)~b!=a~:P:P:X:P:m.c!#b[CDHS]CHEAPEST(m,c,l,b):P')dnl
dnl WJS: our opening a, their overcall c, responder's weak jump shift b at
dnl level n, RHO passing: opener to bid.
define(WJS, `OPEN1(a):LB(l,c)~c!=a~:n.b!#a!#c[CDHS]JUMP(n,b,l,c)~n<=3~:P')dnl
dnl SHOWN_MAJOR(d): d is the one unbid major, the suit our negative double
dnl promised (the other major is the suit opened or theirs); MATH, no tildes.
define(SHOWN_MAJOR, `((($1)==H&&(a==S||b==S))||(($1)==S&&(a==H||b==H)))')dnl
dnl NEG_MAJ5: our negative double, opener's rebid c at level n, responder's
dnl later bid of the major his double promised (d, at level k), RHO passing.
define(NEG_MAJ5, `OPEN1(a):LB(l,b)~b!=a~:X:(P|R):(LB(n,c)~c!=b&&n<=3~|n.cN~n<=2~):P:k.d[HS]CHEAPEST(k,d,n,c)~k<=3&&c!=d&&SHOWN_MAJOR(d)~')dnl
dnl ---- Eleventh pass (ids 62000-62499) ---------------------------------------
dnl TWO_CUE: our opening a, their two-suiter (Michaels 2a, unusual 2NT) and
dnl responder's cheaper cue-bid: a limit raise or better in a.
define(TWO_CUE, `OPEN1(a):(2#a:2H~a<=D~|2#a:2S~a==H~|2#a:3H~a==S~|2N:3C~a!=C~|2N:3D~a==C~)')dnl
dnl TWO_CUE_THEY: then the advancer's bid j-d (four level at most): opener to bid.
define(TWO_CUE_THEY, `TWO_CUE:LB(j,d)~j<=4~')dnl
dnl TWO_SUITED: our opening a, their Michaels cue-bid or unusual 2NT.
define(TWO_SUITED, `OPEN1(a):(2N|2#a)')dnl
dnl NATURAL3_THEY: our opening a, their two-suiter, responder's natural not
dnl forcing suit (the unbid major over 2NT, a minor over Michaels; 1C (2C)
dnl 2D) and the advancer's bid m-d: opener to bid.
define(NATURAL3_THEY, `OPEN1(a):(2N:3S~a!=S~|2N:3H~a==S~|2#a:3C~a!=C~|2#a:3D~a!=D~|2#a:2D~a==C~):LB(m,d)~m<=4~')dnl
dnl DEARER_THEY: the dearer cue-bid over the unusual 2NT (10+, five or more in
dnl the other major; forcing) and the advancer's bid m-d: opener to bid.
define(DEARER_THEY, `OPEN1(a):(2N:3D~a>=H~|2N:3H~a<=D~):LB(m,d)~m<=4~')dnl
dnl ---- interference-pass12.txt2 ---------------------------------------------
dnl CUE12: our one-level opening a, their overcall c, responder's cheapest
dnl cue-bid raise at the two or three level (a limit raise or better), RHO's
dnl pass: opener to bid.
define(CUE12, `OPEN1(a):LB(l,c)~c!=a~:m.(#c)CHEAPEST(m,c,l,c)~m<=3~:P')dnl
dnl MICH12: our major, their Michaels cue-bid or unusual 2NT, responder's
dnl cue-bid raise (3C over 2NT, the cue of their known major over Michaels),
dnl RHO's pass: opener to bid.
define(MICH12, `OPENMAJ(a):(2N:3C|2#a:2S~a==H~|2#a:3H~a==S~):P')dnl
dnl CONTROL12(s): first- or second-round control of s (ace, king, or at
dnl most one card).
define(CONTROL12, `&&~(#24($1)<=1||#25($1)>=4)~')dnl
dnl SLAMTRY12: opener's slam-try values opposite a limit raise: 17+ HCP or
dnl 18+ points, and at most four losers.
define(SLAMTRY12, `POINTS(18,)&&~LTC()<=4~')dnl
dnl CT12(s): the MATH test behind CONTROL12.
define(CT12, `(#24($1)<=1||#25($1)>=4)')dnl
dnl CHEAPEST_CTRL12(d): no control to show in a suit other than a (the suit
dnl opened, grabbed) cheaper than d: the cue-bid of d is the cheapest control.
define(CHEAPEST_CTRL12, `&&~($1<=C||a==C||!CT12(C))&&($1<=D||a==D||!CT12(D))&&($1<=H||a==H||!CT12(H))~')dnl
dnl BETWEEN_CTRL12(d,e): no control to show in a suit other than a between
dnl d and e (partner cue-bid d, we cue-bid e: the cheapest control).
define(BETWEEN_CTRL12, `&&~(C<=$1||C>=$2||a==C||!CT12(C))&&(D<=$1||D>=$2||a==D||!CT12(D))&&(H<=$1||H>=$2||a==H||!CT12(H))~')dnl
dnl NEGFIT12: our opening a, their overcall b, our negative double, opener's
dnl jump to three of the major the double showed (c; a jump), RHO's pass: responder
dnl to bid, the fit found.
define(NEGFIT12, `OPEN1(a):LB(l,b)~b!=a~:X:P:3c!#a!#b[HS]JUMP(3,c,l,b):P')dnl
dnl ---- ninth round (interference-pass13.txt2) --------------------------------
dnl FIT_THEIR_GAME: opener's major a raised by partner (the single raise,
dnl not the preemptive jump; or the cue-bid raise in c), and the
dnl overcaller's side bid game in c: opener to bid.
define(FIT_THEIR_GAME, `OPENMAJ(a):LB(l,c)~c!=a~:k.g[CDHS]~(g==a&&k==l+(a<=c))||(g==c&&k==l+1)~:4#c')dnl
dnl CTRL_THEIRS(c): first- or second-round control of their suit c (ace,
dnl void or singleton).
define(CTRL_THEIRS, `(CTRL($1)||#24($1)<=1)')dnl
dnl DBL_PROMISED(c): c is a major nobody has bid, so partner's negative
dnl double promised four cards in it (a = our suit, b = theirs).
define(DBL_PROMISED, `($1>=H&&$1!=a&&$1!=b)')dnl
