dnl Macros for the slam topic, fifth pass (slam-ltc.txt2).
dnl
dnl The losing-trick count (MATH fragments). The engine's #22 is GIB's own
dnl loser count (a long suit counts at most two), not the LTC of teaching:
dnl LTC counts the first three cards of each suit, less the ace, king and
dnl queen among them (a singleton king or a doubleton queen still loses).
define(HAS_A, `(#25($1)>=8)')dnl
define(HAS_K, `(#25($1)-8*HAS_A($1)>=4)')dnl
define(HAS_Q, `(#25($1)-8*HAS_A($1)-4*HAS_K($1)>=2)')dnl
define(SUIT_LTC, `((#24($1)>=1)*(1-HAS_A($1))+(#24($1)>=2)*(1-HAS_K($1))+(#24($1)>=3)*(1-HAS_Q($1)))')dnl
define(LTC, `(SUIT_LTC(C)+SUIT_LTC(D)+SUIT_LTC(H)+SUIT_LTC(S))')dnl
dnl
dnl LTC_DRIVE(s): a hand that counts twelve tricks opposite a limit raise
dnl (about eight losers): three losers, and two of the top three trumps
dnl (Blackwood does not find a missing trump king) (constraint).
define(LTC_DRIVE, `&&~LTC()<=3&&TOP2OF3($1)~')dnl
dnl LTC_TRY: slam interest opposite a limit raise: four losers, or five
dnl with 16+ HCP (constraint).
define(LTC_TRY, `&&~LTC()<=4||(LTC()<=5&&#20>=16)~')dnl
dnl GOOD_LIMIT: a limit raise that accepts a slam try: seven losers or
dnl fewer, one better than the eight a limit raise counts for, or five
dnl controls (two aces and a king: the cards a slam try needs) (constraint).
define(GOOD_LIMIT, `&&~LTC()<=7||#23>=5~')dnl
dnl
dnl ---- Sixth pass (slam-suit.txt2) ----------------------------------------
dnl OPFLOOR: what partner, the opener, holds at least: his shown HCP floor,
dnl but never less than an opening hand's 12 (the Rule of 20 floor of 10 is
dnl for the opening bid; the slam count needs the real opening values).
define(OPFLOOR, `(PFLOOR()+(12-PFLOOR())*(PFLOOR()<12))')dnl
dnl RESP_AGAIN: the responder's later turn in an uncontested auction after
dnl our one-of-a-suit opening (he is the next to call after an opener's
dnl call); grabs l (level) and s (strain) of opener's last call.
define(RESP_AGAIN, `(P:)?(P:)?(P:)?1[CDHS](:P:,:P:,)*:P:,:P:l.s[CDHS]')dnl
dnl RAISED_FIT(s): an eight-card fit in s, or four cards opposite partner's
dnl raise of s (SAYC raises with four, or three and a singleton).
define(RAISED_FIT, `(FIT8($1)||#24($1)>=4)')dnl
dnl RESP_AGAIN_OC: the same after an overcall (or double) of our opening,
dnl the opponents silent since (grabs l and s of opener's last call).
define(RESP_AGAIN_OC, `(P:)?(P:)?(P:)?1[CDHS]:(X|[1-3][CDHS]):,(:P:,:P:,)*:P:l.s[CDHS]')dnl
dnl PF12: partner's HCP floor, counted as 12 when he has shown 10 or 11
dnl (an opening bid by the Rule of 20, or a two-over-one: the slam count
dnl needs the values such hands hold, not the bare minimum).
define(PF12, `(#210+(12-#210)*(#210>=10&&#210<12))')dnl
dnl
dnl ---- Seventh pass: Blackwood's trump suit (slam.txt2) --------------------
dnl SIDE_FIT(s): the length our side holds in s when one of us has bid it
dnl (0 for a suit neither of us bid): the bidder's cards + partner's shown.
define(SIDE_FIT, `((#250($1)+#24($1))*(#10($1)||#11($1)))')dnl
dnl AGREED_SUIT(s): s is the agreed trump suit: a bid suit with eight or more
dnl cards between the hands, and no other bid suit longer (constraint MATH).
define(AGREED_SUIT, `(SIDE_FIT($1)>=8&&SIDE_FIT($1)>=SIDE_FIT(C)&&SIDE_FIT($1)>=SIDE_FIT(D)&&SIDE_FIT($1)>=SIDE_FIT(H)&&SIDE_FIT($1)>=SIDE_FIT(S))')dnl
dnl LAST_IS_FIT(a): partner's last bid suit (a) is a fit: Blackwood's asker
dnl may sign off in it (not so after a cue-bid or a splinter).
define(LAST_IS_FIT, `(#250($1)+#24($1)>=8)')dnl
dnl NO_AGREED: no bid suit holds eight cards between the hands.
define(NO_AGREED, `(SIDE_FIT(C)<8&&SIDE_FIT(D)<8&&SIDE_FIT(H)<8&&SIDE_FIT(S)<8)')dnl
dnl TRUMP_IS(a): Blackwood's asker takes a (partner's last bid suit) as trumps:
dnl it is the agreed suit, or no suit is agreed (constraint).
define(TRUMP_IS, `&&~AGREED_SUIT($1)||NO_AGREED()~')dnl
dnl TRUMP_ELSEWHERE(a,s): partner's last suit a is a cue-bid, a splinter or
dnl a side suit; s is the agreed suit (constraint).
define(TRUMP_ELSEWHERE, `&&~!AGREED_SUIT($1)&&AGREED_SUIT($2)~')dnl
dnl BW_START: begins a Blackwood pattern anywhere in the auction (as START),
dnl but not where the "4NT" is the answer to a Gerber 4C (1N-4C-4N: three
dnl aces, our notrump opening only), so that the Gerber asker's 5C (kings) is not read as an answer to
dnl Blackwood, nor the king answers as the asker's sign-offs.
define(NOT_GERBER, `!((P:)*(NT[23]?|[123]N|2C:P:2D:P:[23]N|1N:P:2C:P:2[DHS]|2N:P:3C:P:3[DHS]):P:4C:P:4N)')dnl
dnl QUANT_REBID: zero-width, not responder's 4NT straight over opener's
dnl minimum rebid of his minor (1m 1y 2m 4NT: no suit agreed, quantitative;
dnl later-fix9.txt2 answers it).
define(QUANT_REBID, `!((P:)*(1C:P:1[DHS]:P:2C|1D:P:1[HS]:P:2D):P:4N)')dnl
dnl NOT_QUANT: nor where the 4NT is quantitative: responder's 4NT at his
dnl second turn over partner's notrump opening (after Stayman or a transfer,
dnl no suit raised), which the notrump files answer (accept, decline).
define(NOT_QUANT, `!((P:)*(NT[23]?|[12]N|2C:P:2D:P:2N|1[CDHS]:1N):P:[23][CDHS]:P:[23][CDHS]:P:4N)QUANT_REBID()')dnl
define(BW_START, `NOT_GERBER()NOT_QUANT()(,:)*')dnl
dnl
dnl ---- Seventh pass (slam-more.txt2, slam-try.txt2) -------------------------
dnl MAXOF(x,y): the larger of two MATH values.
define(MAXOF, `(($1)+(($2)-($1))*(($2)>($1)))')dnl
dnl PLO: partner's HCP floor for the slam count: his shown minimum, counted as
dnl 12 when he has shown 10-11 with a range reaching 14 or more (an opening
dnl bid by the Rule of 20; a responder's 10-12 stays 10).
define(PLO, `(#210+(12-#210)*(#210>=10&&#210<12&&#211>=14))')dnl
dnl GRAND_VALUES: the Blackwood asker, all four aces held, has grand slam
dnl interest: his total points and what partner holds at least (his shown
dnl floor, an opening bid counted as 12, or the aces he has just shown) reach 33. Without it the asker bids
dnl six at once: asking for kings is for the grand slam, and a king answer
dnl above six of the trump suit leaves only 6NT (constraint MATH).
define(GRAND_VALUES, `(#21+MAXOF(MAXOF(PFLOOR(),PLO()),4*(4-ACE_COUNT()))>=33)')dnl
