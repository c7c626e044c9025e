/** 外部手配 (docs/subrental.md): what other screens use — covering a refusal with hired units. */
export { CoverWithHireButton } from "./CoverWithHireButton";
export { useChangeSubRentalStatusMutation } from "./subrentalsApi";
