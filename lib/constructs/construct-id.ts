/** Construct id of a named function (`get-account` -> `GetAccount`), readable in the template. */
export function constructId(functionName: string): string {
  return functionName
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
