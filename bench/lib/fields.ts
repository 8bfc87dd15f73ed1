/** What a JSON body or a query string arrived as: its fields by name (none when it is not an object). */
export const fieldsOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? { ...value } : {};
