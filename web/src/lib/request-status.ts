/** Spec 4: every data area of the store moves through these. */
export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
