/** The presence feature's public surface: the chips a screen mounts (docs/realtime.md, "Presence"). */
export { PresenceChips } from "./PresenceChips";
