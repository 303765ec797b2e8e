/** In place of what a viewer may not do, so the screen says why it is not there. */
export function ViewerNote() {
  return <p className="card boundary-viewer-note">Your role is Viewer: you can look at the boundary sets and their districts, but not upload or delete them.</p>;
}
