/** A list call's `data`, or an empty list when the body is not shaped as one (screens map over it). */
export const listOf = <T>(res: { data?: T[] } | undefined): T[] => (Array.isArray(res?.data) ? res.data : []);
