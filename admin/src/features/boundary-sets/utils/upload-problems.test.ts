import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { uploadProblems } from './upload-problems';

describe("a refused upload's problems", () => {
  it("lists each of the file's problems as the server words it, and puts the name's at its input", () => {
    const error = new ApiError(400, 'validation_failed', 'Feature 2 has no name: give every feature a properties.name', 'geojson.features.1.properties.name', [
      { field: 'geojson.features.1.properties.name', message: 'Feature 2 has no name: give every feature a properties.name' },
      { field: 'geojson.features.3.properties.representative_email', message: "Feature 4's representative_email is not a valid e-mail address: correct it or leave it out" },
      { field: 'name', message: 'Name is required' },
    ]);
    expect(uploadProblems(error)).toEqual({
      name: 'Name is required',
      file: [
        'Feature 2 has no name: give every feature a properties.name',
        "Feature 4's representative_email is not a valid e-mail address: correct it or leave it out",
      ],
    });
  });

  it('takes a refusal without a list by its one message', () => {
    const tooLarge = new ApiError(400, 'validation_failed', 'A boundary file can be at most 5 MB', 'geojson');
    expect(uploadProblems(tooLarge)).toEqual({ file: ['A boundary file can be at most 5 MB'] });
  });

  it('leaves what is not about the form to a notice', () => {
    expect(uploadProblems(new ApiError(403, 'forbidden', 'Your role is Viewer'))).toBeNull();
    expect(uploadProblems(new ApiError(0, 'network_error', 'Could not reach the server.'))).toBeNull();
    expect(uploadProblems(new Error('boom'))).toBeNull();
  });
});
