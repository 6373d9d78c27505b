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

const (
	ClubTitle              Key = "club.title"
	ClubAbout              Key = "club.about"
	ClubStartHere          Key = "club.startHere"
	ClubName               Key = "club.name"
	ClubNamePlaceholder    Key = "club.namePlaceholder"
	ClubStart              Key = "club.start"
	ClubJoined             Key = "club.joined"
	ClubNotSame            Key = "club.notSame"
	ClubInvite             Key = "club.invite"
	ClubScan               Key = "club.scan"
	ClubQRAlt              Key = "club.qrAlt"
	ClubPhones             Key = "club.phones"
	ClubOwner              Key = "club.owner"
	ClubSince              Key = "club.since"
	ClubPairedWith         Key = "club.pairedWith"
	ClubRemove             Key = "club.remove"
	ClubInvites            Key = "club.invites"
	ClubInviteLink         Key = "club.inviteLink"
	ClubUntil              Key = "club.until"
	ClubJoinedWith         Key = "club.joinedWith"
	ClubRevoke             Key = "club.revoke"
	ClubLeagues            Key = "club.leagues"
	ClubCSV                Key = "club.csv"
	ClubTwoNames           Key = "club.twoNames"
	ClubTwoNamesNote       Key = "club.twoNamesNote"
	ClubThisName           Key = "club.thisName"
	ClubIs                 Key = "club.is"
	ClubSamePerson         Key = "club.samePerson"
	ClubCountAsOne         Key = "club.countAsOne"
	ClubCountsAs           Key = "club.countsAs"
	ClubSplit              Key = "club.split"
	ClubLeave              Key = "club.leave"
	ClubLeaveNote          Key = "club.leaveNote"
	ClubLeaveClub          Key = "club.leaveClub"
	ClubJoinTitle          Key = "club.joinTitle"
	ClubGoHome             Key = "club.goHome"
	ClubInvitedTo          Key = "club.invitedTo"
	ClubJoinNote           Key = "club.joinNote"
	ClubJoinClub           Key = "club.joinClub"
	ClubLeague             Key = "club.league"
	ClubLeagueTitle        Key = "club.leagueTitle"
	ClubLeagueNote         Key = "club.leagueNote"
	ClubRoles              Key = "club.roles"
	ClubAllGames           Key = "club.allGames"
	ClubAs                 Key = "club.as"
	ClubSkipped            Key = "club.skipped"
	ClubNoGames            Key = "club.noGames"
	ClubPlayer             Key = "club.player"
	ClubRating             Key = "club.rating"
	ClubGames              Key = "club.games"
	ClubWins               Key = "club.wins"
	ClubStreak             Key = "club.streak"
	ClubFixed              Key = "club.fixed"
	ClubProvisional        Key = "club.provisional"
	ClubLeagueTable        Key = "club.leagueTable"
	ClubShooting           Key = "club.shooting"
	ClubGamesWon           Key = "club.gamesWon"
	ClubRatingOverTime     Key = "club.ratingOverTime"
	ClubPlotDesc           Key = "club.plotDesc"
	ClubDotProvisional     Key = "club.dotProvisional"
	ClubCaption            Key = "club.caption"
	ClubCaptionProvisional Key = "club.captionProvisional"
	ClubPlotTable          Key = "club.plotTable"
	ClubDay                Key = "club.day"
	ClubProvisionalHead    Key = "club.provisionalHead"
	ClubYes                Key = "club.yes"
	ClubNo                 Key = "club.no"
	ClubRival              Key = "club.rival"
	ClubNemesis            Key = "club.nemesis"
	ClubBestDay            Key = "club.bestDay"
	ClubWorstDay           Key = "club.worstDay"
	ClubHeadToHead         Key = "club.headToHead"
	ClubAgainst            Key = "club.against"
	ClubWon                Key = "club.won"
	ClubLost               Key = "club.lost"
	ClubShared             Key = "club.shared"
	ClubPoints             Key = "club.points"
	ClubPlayerShooting     Key = "club.playerShooting"
)

const (
	PlayersTitle      Key = "players.title"
	PlayersNone       Key = "players.none"
	PlayersFrom       Key = "players.from"
	PlayersAll        Key = "players.all"
	PlayersSkippedOne Key = "players.skippedOne"
	PlayersSkipped    Key = "players.skipped"
)

const (
	ClubStateOpen    Key = "club.state.open"
	ClubStateUsed    Key = "club.state.used"
	ClubStateRevoked Key = "club.state.revoked"
	ClubStateExpired Key = "club.state.expired"
)

// The club's own lines, made by play/club.
const (
	ClubLimits     Key = "club.limits"
	ClubPhoneN     Key = "club.phoneN"
	ClubThisPhone  Key = "club.thisPhone"
	ClubRemoved    Key = "club.removed"
	ClubLeft       Key = "club.left"
	ClubScopePhone Key = "club.scopePhone"
)

// An import's refusal, made by views.ImportProblemIn and play.ReadImport.
const (
	ImportNotRecord  Key = "import.notRecord"
	ImportAtAction   Key = "import.atAction"
	ImportCannotPlay Key = "import.cannotPlay"
)
