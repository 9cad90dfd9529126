// Test fixtures are read as text through Vite's `?raw` suffix (no node:fs in the domain package).
declare module '*?raw' {
  const content: string;
  export default content;
}
