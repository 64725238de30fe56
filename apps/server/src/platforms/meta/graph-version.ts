/** The Graph API version Fanout is written against, for graph.facebook.com and graph.instagram.com. */
export const GRAPH_VERSION = 'v23.0';
