import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';

/** A dispatch that accepts thunks (and `.unwrap()`s them); features use this, not app/store types. */
export const useAppDispatch = useDispatch.withTypes<ThunkDispatch<unknown, unknown, UnknownAction>>();
