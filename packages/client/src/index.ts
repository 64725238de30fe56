export { createFanoutClient, type Connection, type ErrorBody, type FanoutClient, type Schemas } from './api/client';
export { uploadVideo, type UploadOptions, type UploadResult } from './upload/tus-upload';
export { FileResumeStore, type ResumeStore } from './upload/resume-store';
export { createFanoutMcpServer, FANOUT_TOOLS, MCP_SERVER_NAME } from './mcp/server';
export type { FanoutTool, ToolContext } from './mcp/tool-kit';
