import { describe, expect, it } from 'vitest';
import { buildVideo } from '@/test/factories';
import { filterItems, STATUS_FILTER_OPTIONS, uploadToItem } from './library-items';

describe('library filters', () => {
  const items = [
    buildVideo({ title: 'Sunset over Lisbon', status: 'ready' }),
    buildVideo({ title: 'Street food tour', status: 'awaiting-details' }),
    buildVideo({ title: 'LISBON by night', status: 'published' }),
  ];

  it('offers All Status first and the seven statuses', () => {
    expect(STATUS_FILTER_OPTIONS.map((o) => o.label)).toEqual([
      'All Status',
      'Awaiting Details',
      'Ready',
      'Uploading',
      'Processing',
      'Scheduled',
      'Published',
      'Failed',
    ]);
  });

  it('searches titles without regard to case', () => {
    expect(filterItems(items, 'lisbon', 'all').map((v) => v.title)).toEqual(['Sunset over Lisbon', 'LISBON by night']);
    expect(filterItems(items, '  ', 'all')).toHaveLength(3);
  });

  it('combines the search with the status filter', () => {
    expect(filterItems(items, 'lisbon', 'published').map((v) => v.title)).toEqual(['LISBON by night']);
    expect(filterItems(items, '', 'awaiting-details').map((v) => v.title)).toEqual(['Street food tour']);
    expect(filterItems(items, '', 'failed')).toEqual([]);
  });

  it('shows an upload as an item with its temporary id and progress', () => {
    const item = uploadToItem({
      id: 'temp-1700000000000',
      projectId: 1,
      title: 'clip',
      size: '1.00 MB',
      sizeBytes: 1048576,
      mimeType: 'video/mp4',
      status: 'uploading',
      progress: 40,
      uploadDate: '2026-01-01T00:00:00Z',
      retryable: true,
    });
    expect(item).toMatchObject({ id: 'temp-1700000000000', status: 'uploading', progress: 40, duration: '0:00' });
  });
});
