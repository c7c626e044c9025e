/** セット品: the set catalogue (its live list for the case screen, which books sets). */
export { useGroupSetsQuery } from "./setsApi";
