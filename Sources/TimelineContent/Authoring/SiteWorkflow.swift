import TimelineModel

/// The GitHub Actions workflow `timeline init` writes into a new site's repository (and
/// docs/ci.md shows): it builds the tool once per pinned version and keeps it in the cache,
/// takes the address from GitHub Pages, keeps the build state between runs, and publishes.
package enum SiteWorkflow {
    /// Where the workflow goes in the site's repository.
    package static let path = ".github/workflows/publish.yml"

    /// The workflow's text, building the tool from `source` at `version` (a tag or commit).
    package static func text(source: String = TimelineVersion.sourceRepository, version: String = TimelineVersion.tag) -> String {
        """
        # Builds the site on every push to main and publishes it to GitHub Pages (set the
        # repository's Pages source to "GitHub Actions"). Written by timeline init; see the tool's
        # docs/ci.md.
        name: Publish the site

        on:
          push:
            branches: [main]
          workflow_dispatch:

        permissions:
          contents: read
          pages: write
          id-token: write

        concurrency:
          group: pages
          cancel-in-progress: false

        env:
          # The tool, pinned: its source and the version that wrote this file.
          TIMELINE_SOURCE: \(source)
          TIMELINE_VERSION: \(version)

        jobs:
          build:
            runs-on: ubuntu-24.04
            container: swift:6.3-bookworm
            steps:
              - uses: actions/checkout@v4

              - name: Install the system libraries
                run: |
                  apt-get update
                  apt-get install -y libcmark-dev libxml2-dev libvips-dev zlib1g-dev libbrotli-dev pkg-config git make zstd

              # The tool is built once per version and kept in the cache.
              - name: Restore the tool
                id: tool
                uses: actions/cache@v4
                with:
                  path: /opt/timeline
                  key: timeline-tool-${{ runner.os }}-${{ env.TIMELINE_VERSION }}

              - name: Build the tool
                if: steps.tool.outputs.cache-hit != 'true'
                run: |
                  git clone --depth 1 --branch "$TIMELINE_VERSION" "$TIMELINE_SOURCE" /tmp/timeline
                  make -C /tmp/timeline install PREFIX=/opt/timeline

              - name: Put the tool on the PATH
                run: echo /opt/timeline/bin >> "$GITHUB_PATH"

              # The address GitHub Pages publishes the site at, such as https://user.github.io/repo.
              - name: Configure Pages
                id: pages
                uses: actions/configure-pages@v5

              # The image cache, the build state and the last Output/: a build redoes only what changed.
              - name: Restore the build state
                uses: actions/cache@v4
                with:
                  path: |
                    .timeline-cache
                    Output
                  key: site-${{ runner.os }}-${{ github.sha }}
                  restore-keys: site-${{ runner.os }}-

              - name: Build the site
                run: timeline build --strict --json --base-url "${{ steps.pages.outputs.base_url }}" > build-report.json

              - name: Check every internal link and image
                run: timeline check --links --base-url "${{ steps.pages.outputs.base_url }}"

              - name: Keep the build report
                if: always()
                uses: actions/upload-artifact@v4
                with:
                  name: build-report
                  path: build-report.json

              - uses: actions/upload-pages-artifact@v3
                with:
                  path: Output

          deploy:
            needs: build
            runs-on: ubuntu-24.04
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            steps:
              - id: deployment
                uses: actions/deploy-pages@v4

        """
    }
}
