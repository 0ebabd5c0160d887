// `npm run dev`: Vite with hot reload on :3000, the API in watch mode on :3001 behind it.
import { spawn } from 'node:child_process';

const API_PORT = process.env.API_PORT ?? '3001';
const env = {
  ...process.env,
  API_PORT,
  PORT: API_PORT,
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
};

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env,
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
