package lang

// The pages around the games: the recap on a game's page, the replay, the
// record import, a seat's join link, a damaged game, the club, the league
// and the players' pages. Kept apart from keys.go as each game's screen
// keeps its own file.
const (
	RecapTitle       Key = "recap.title"
	RecapEarlier     Key = "recap.earlier"
	RecapTakenBack   Key = "recap.takenBack"
	RecapGotIt       Key = "recap.gotIt"
	RecapFrom        Key = "recap.from"
	RecapFromDeleted Key = "recap.fromDeleted"
	RecapAs          Key = "recap.as"
	RecapAsDeleted   Key = "recap.asDeleted"
)

const (
	ReplayTitle       Key = "replay.title"
	ReplayNav         Key = "replay.nav"
	ReplayFirst       Key = "replay.first"
	ReplayBack        Key = "replay.back"
	ReplayNext        Key = "replay.next"
	ReplayLast        Key = "replay.last"
	ReplayMomentOf    Key = "replay.momentOf"
	ReplayGo          Key = "replay.go"
	ReplayMarks       Key = "replay.marks"
	ReplayPrevMark    Key = "replay.prevMark"
	ReplayNextMark    Key = "replay.nextMark"
	ReplayLinkTitle   Key = "replay.linkTitle"
	ReplayCopy        Key = "replay.copy"
	ReplayBackToGame  Key = "replay.backToGame"
	ReplayFork        Key = "replay.fork"
	ReplayForkNote    Key = "replay.forkNote"
	ReplayLog         Key = "replay.log"
	ReplayStart       Key = "replay.start"
	ReplayMomentStart Key = "replay.momentStart"
	ReplayMomentEnd   Key = "replay.momentEnd"
	ReplayMomentNow   Key = "replay.momentNow"
	ReplayMoment      Key = "replay.moment"
)

const (
	ImportTitle       Key = "import.title"
	ImportIntro       Key = "import.intro"
	ImportRefused     Key = "import.refused"
	ImportRefusedFrom Key = "import.refusedFrom"
	ImportFile        Key = "import.file"
	ImportPaste       Key = "import.paste"
	ImportSubmit      Key = "import.submit"
	ImportHeldTitle   Key = "import.heldTitle"
	ImportHeldNothing Key = "import.heldNothing"
	ImportHeldOpen    Key = "import.heldOpen"
	ImportAnother     Key = "import.another"
	ImportHeldSame    Key = "import.heldSame"
	ImportHeldStart   Key = "import.heldStart"
	ImportHeldOne     Key = "import.heldOne"
	ImportHeldEarlier Key = "import.heldEarlier"
)

const (
	ImportEmptyFile Key = "import.emptyFile"
	ImportPasted    Key = "import.pasted"
	ImportChoose    Key = "import.choose"
)

const (
	JoinTitle   Key = "join.title"
	JoinInvited Key = "join.invited"
	JoinFor     Key = "join.for"
	JoinTake    Key = "join.take"
	JoinNot     Key = "join.not"
	JoinGoHome  Key = "join.goHome"
	JoinPage    Key = "join.page"
)

const (
	DamagedWatching  Key = "damaged.watching"
	DamagedCannot    Key = "damaged.cannot"
	DamagedExport    Key = "damaged.export"
	DamagedFileHolds Key = "damaged.fileHolds"
	DamagedKeepNone  Key = "damaged.keepNone"
	DamagedKeepOne   Key = "damaged.keepOne"
	DamagedKeepMany  Key = "damaged.keepMany"
	DamagedNewNone   Key = "damaged.newNone"
	DamagedNewOne    Key = "damaged.newOne"
	DamagedNewMany   Key = "damaged.newMany"
	DamagedWatchNote Key = "damaged.watchNote"
)
