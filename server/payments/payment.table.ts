/** Tables of the payments domain (issue 3); its migrations add them. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PaymentTables {}
