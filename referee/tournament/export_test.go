package tournament

// What the tests outside the package (which the checker's import of it puts there) need.
const MaxPlayers = maxPlayers

var SwissField = swissField
