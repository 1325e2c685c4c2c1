// The shapes the web client reads and writes, for TypeScript's checker (JSDoc
// only: nothing here runs). The messages are those of docs/network.md and the
// JSON schemas in docs/schema/; the words, src/hearts/words/en.json.

/** @typedef {"south" | "west" | "north" | "east"} Seat */
/** @typedef {"bottom" | "left" | "across" | "right"} Place */
/** @typedef {string} Card  a card as the messages write it: "QS", "10H" */
/** @typedef {[Seat, Card]} Play  a card on the table and who played it */

/**
 * A seat as the state shows it.
 * @typedef {object} SeatInfo
 * @property {string} name
 * @property {string} presence  "here", "away", "free", "computer"...
 * @property {number | null} [until]  when an absent person's seat is given up
 */

/**
 * What the table waits for (the status line).
 * @typedef {object} Prompt
 * @property {string} kind
 * @property {Seat} [seat]
 * @property {number} [number]
 * @property {boolean} [next_lead]
 * @property {string} [direction]
 * @property {string} [suit]
 * @property {Seat | null} [shooter]
 * @property {Seat[]} [winners]
 */

/**
 * A trick taken this hand.
 * @typedef {object} Trick
 * @property {Seat} leader
 * @property {Card[]} cards
 * @property {Seat} winner
 */

/**
 * What this seat sees of the hand (null for a watcher before a hand).
 * @typedef {object} View
 * @property {Card[]} hand
 * @property {number[]} points_taken
 * @property {Trick[]} [tricks]
 * @property {Card[]} [played]
 * @property {Card[]} [passed]
 * @property {Card[]} [received]
 * @property {string} [pass_direction]
 * @property {boolean} [hearts_broken]
 * @property {{pass_queen?: boolean}} [rules]
 */

/**
 * A finished hand's result.
 * @typedef {object} HandResult
 * @property {number} number
 * @property {Seat[]} [winners]
 * @property {number | null} [seed]
 * @property {Seat | null} [shooter]
 * @property {Partial<Record<Seat, Card[]>>} [deal]
 */

/**
 * A row of the score sheet.
 * @typedef {object} SheetRow
 * @property {number[]} points
 * @property {boolean} over
 * @property {Seat | null} [shooter]
 * @property {Seat | null} [queen]
 */

/**
 * The state of a seat (or a watcher), schema 3 (docs/network.md).
 * @typedef {object} State
 * @property {Seat | null} seat
 * @property {string} stage
 * @property {SeatInfo[]} seats
 * @property {number[]} scores
 * @property {number} target
 * @property {number} [hand_number]
 * @property {Prompt | null} [prompt]
 * @property {View | null} view
 * @property {Play[]} [trick]
 * @property {Seat | null} [winner]
 * @property {Card[]} [legal]
 * @property {Card[]} [passable]
 * @property {Card[]} [raised]
 * @property {string[]} [actions]
 * @property {Seat[]} [waiting]
 * @property {string[]} [watchers]
 * @property {{until?: number, seats?: Seat[]} | null} [timer]
 * @property {HandResult | null} [result]
 * @property {boolean} [match_over]
 * @property {SheetRow[]} [sheet]
 * @property {{[name: string]: any} | null} [rules]  the rules the match plays by (the Help's words
 *   come with the page, TableRules, made from the same rules)
 */

/** @typedef {[(string | number)[], unknown]} ChangeEntry  a path into the state and its new value */

/**
 * A refusal of the table's (why a card or a pass was not taken).
 * @typedef {object} Refusal
 * @property {string} reason
 * @property {Card} [card]
 * @property {string} [suit]
 * @property {Seat} [seat]
 */

/**
 * Something the table says (a notice).
 * @typedef {object} Notice
 * @property {string} kind
 * @property {Seat} [seat]
 * @property {Card} [card]
 * @property {Card[]} [cards]
 * @property {number} [count]
 * @property {string} [name]
 * @property {string} [text]
 * @property {Refusal} [refusal]
 * @property {string} [level]
 * @property {string} [decision]
 * @property {string} [outcome]
 * @property {string} [log]
 * @property {string} [error]
 * @property {string} [lower]
 * @property {EveningStandings} [standings]
 */

/**
 * One player's standing in a duplicate evening (hearts.duplicate.Standing): no
 * name for a computer player; the difference as a numerator and denominator.
 * @typedef {object} Standing
 * @property {Seat} seat
 * @property {string | null} name
 * @property {number} hands
 * @property {[number, number]} difference
 * @property {number} points
 * @property {number} stood_in
 * @property {number} assisted
 */

/**
 * Where a duplicate evening stands after its latest hand (hearts.duplicate.EveningStandings).
 * @typedef {object} EveningStandings
 * @property {number} finished
 * @property {boolean} over
 * @property {number} deal
 * @property {number} deals
 * @property {number} round
 * @property {number} rounds
 * @property {Standing[]} rows
 */

/**
 * A decision measured by the review.
 * @typedef {object} Decision
 * @property {Seat} seat
 * @property {"pass" | "play"} kind
 * @property {number} [plays]
 * @property {Card[]} chosen
 * @property {Card[] | null} [best]
 * @property {Card[] | null} [hindsight_best]
 * @property {string} verdict
 * @property {number} loss
 * @property {number} loss_se
 * @property {number} ess
 * @property {{cards: Card[], expected: number, se: number, alike?: Card[]}[]} [choices]
 */

/**
 * A step of a reviewed hand.
 * @typedef {object} ReviewStep
 * @property {"deal" | "pass" | "play"} kind
 * @property {Seat} seat
 * @property {Card[]} cards
 * @property {number} plays
 * @property {number[]} points
 * @property {Card[][]} hands
 * @property {Play[]} [trick]
 */

/**
 * The server's review of a hand.
 * @typedef {object} ReviewMessage
 * @property {"review"} type
 * @property {ReviewStep[]} [steps]
 * @property {{decisions?: Decision[], seats?: {seat: Seat, reviewed: boolean, decisions: number, lost: number, lost_se: number}[]}} review
 */

/**
 * What happened at the table (docs/network.md, "What happened"): its number in
 * the table's run, its kind, and the fields of that kind.
 * @typedef {object} Happening
 * @property {number} n
 * @property {string} kind
 * @property {Seat} [seat]
 * @property {Seat} [to]
 * @property {Seat} [from]
 * @property {Card} [card]
 * @property {Card[]} [cards]
 * @property {number} [points]  a trick's (a hand's end: each seat's, not read here)
 * @property {number} [trick]
 * @property {number} [hand]
 * @property {number} [count]
 * @property {string | null} [name]
 * @property {Seat | null} [shooter]  a hand's end's (not read here)
 */

/**
 * A message from the server (only the fields the page reads).
 * @typedef {object} ServerMessage
 * @property {string} type
 * @property {number} [now]
 * @property {number} [seq]
 * @property {number} [base]
 * @property {string} [epoch]
 * @property {string} [token]
 * @property {State} [state]
 * @property {ChangeEntry[]} [set]
 * @property {Happening[]} [events]  what happened (a change's), or the hand so far (a state's)
 * @property {Notice} [notice]
 * @property {string | null} [code]
 * @property {string} [message]
 * @property {Seat} [seat]
 */

/**
 * The first message on a socket: a seat's join, or a watcher's.
 * @typedef {object} JoinMessage
 * @property {"join" | "watch"} type
 * @property {number} version
 * @property {string} code
 * @property {string} name
 * @property {{epoch: string, seq: number}} [resume]  where the page stood
 */

/**
 * A command of the table's creator (hearts.web.room).
 * @typedef {object} HostMessage
 * @property {"host"} type
 * @property {string} command
 * @property {Seat} [seat]
 */

/**
 * A message to the server (docs/network.md, "the client's messages"): the
 * checker holds every message the page builds to these shapes.
 * @typedef {JoinMessage | HostMessage | {type: "reaction", reaction: string}
 *   | {type: "deal" | "continue" | "hint" | "undo" | "leave" | "sync" | "review"}
 *   | {type: "pass", cards: Card[]}
 *   | {type: "play", card: Card}} ClientMessage
 */

/**
 * The words catalogue (src/hearts/words/en.json): nested sections of strings.
 * @typedef {{[key: string]: any}} Catalogue
 */

/**
 * The table's rules as the page is served them (hearts.web.pages.table_rules),
 * worded by the server (hearts.words.rules: the terminal's words too).
 * @typedef {object} TableRules
 * @property {{[name: string]: any}} rules  the settings
 * @property {string} set  the rule set they follow ("custom" if none)
 * @property {number} hand_value  the points of a hand
 * @property {string} named  the rule set named in full, with the target
 * @property {string} short  the rule set in short, with the target
 * @property {string[]} lines  the rules, a sentence a line
 */

export {};
