/** Minutes as hours to two decimals ("1.5 h"), as the fee note shows time. */
export const hours = (minutes: number) => `${(minutes / 60).toFixed(2).replace(/\.?0+$/, '')} h`;
