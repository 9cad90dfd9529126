// Types of scripts/server-command.mjs for the TypeScript benches that start a server.
export declare const SERVER_NODE_FLAGS: string[];
export declare const serverArgs: (root?: string) => string[];
