import type { ThunkDispatch, UnknownAction } from "@reduxjs/toolkit";
import { useDispatch } from "react-redux";

/** A dispatch that accepts thunks (RTK Query's initiate), without features importing the store. */
export type AppDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
