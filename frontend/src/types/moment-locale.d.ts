// common/src/dates.ts loads moment's Japanese locale for its side effect; moment ships no typings
// for locale files, and the web build checks side-effect imports.
declare module "moment/locale/ja";
