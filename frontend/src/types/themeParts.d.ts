// The PrimeReact theme's two parts (frontend/build/themeSplit.ts): CSS imported for its side effect.
declare module "*?first-screen";
declare module "*?screens";
