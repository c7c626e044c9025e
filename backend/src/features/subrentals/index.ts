/** 外部手配's public surface (docs/subrental.md): the routes, and the hires other views draw or list. */
export { presentHireBar } from "./subrentals.presenter";
export { hireBarsOf, hiresMovingBetween, hiresOfCase, overdueHires } from "./subrentals.queries";
export { subRentalRoutes } from "./subrentals.routes";
