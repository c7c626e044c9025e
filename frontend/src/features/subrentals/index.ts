/** 外部手配 (docs/subrental.md): what other screens use — covering a refusal with hired units, an item's hires. */
export { CoverWithHireButton } from "./CoverWithHireButton";
export { ItemHires } from "./ItemHires";
export { useChangeSubRentalStatusMutation } from "./subrentalsApi";
