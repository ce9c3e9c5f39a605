// The one script every page loads: it reads the site context and, later, mounts the islands
// the page's markup asks for.
export {};
