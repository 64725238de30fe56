export { createFanoutClient, type Connection, type ErrorBody, type FanoutClient, type Schemas } from './api/client';
export { uploadVideo, type UploadOptions, type UploadResult } from './upload/tus-upload';
export { FileResumeStore, type ResumeStore } from './upload/resume-store';
