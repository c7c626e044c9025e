/** Why is it short? and the availability timeline: the button and the links other screens show (the page is a lazy route). */
export { type TimelineKind, timelinePath } from "./paths";
export { TimelineLink } from "./TimelineLink";
export { WhyShortButton } from "./WhyShortButton";
