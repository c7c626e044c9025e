// common/src/dates.ts imports moment's ja locale for its side effect; the declaration that types it lives in
// common/src/moment-locales.d.ts, which the backend program does not include. Repeated here so the backend
// can import common/availability (which imports dates.ts). Remove once common references its own file.
declare module "moment/locale/ja";
