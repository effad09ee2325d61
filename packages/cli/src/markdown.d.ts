// Markdown files imported by the MCP resources are their text (tsup's and vitest's `.md` loader).
declare module '*.md' {
  const text: string;
  export default text;
}
