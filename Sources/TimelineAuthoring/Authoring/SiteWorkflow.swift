import TimelineContent
import TimelineModel

/// The GitHub Actions workflow `timeline init` writes into a new site's repository (and
/// docs/ci.md shows): it installs the tool once per pinned version (the release's binary for
/// the runner when there is one, its SHA-256 checked, else built from source) and keeps it in
/// the cache, takes the address from GitHub Pages, keeps the build state between runs, and
/// publishes. Each action is pinned to a commit, each job gets only the token rights it needs,
/// and no `${{ }}` expression is expanded into a shell line (`make lint` runs zizmor on it).
package enum SiteWorkflow {
    /// Where the workflow goes in the site's repository.
    package static let path = ".github/workflows/publish.yml"

    /// The workflow's text, installing the tool from `source` at `version` (a tag or commit).
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

        # Each job says what its token may do: build reads, deploy alone publishes.
        permissions: {}

        concurrency:
          group: pages
          cancel-in-progress: false

        env:
          # The tool, pinned: its source and the version that wrote this file.
          TIMELINE_SOURCE: \(source)
          TIMELINE_VERSION: \(version)

        jobs:
          build:
            name: Build
            runs-on: ubuntu-24.04
            container: swift:6.3-bookworm
            permissions:
              contents: read # to check out the site
              pages: read # for configure-pages to read the site's address
            steps:
              - uses: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1
                with:
                  persist-credentials: false

              # The Debian libraries the tool runs with, and what the steps below use.
              - name: Install the system libraries
                run: |
                  apt-get update
                  apt-get install -y libcmark0.30.2 libxml2 libvips42 zlib1g libbrotli1 libgit2-1.5 ffmpeg ca-certificates curl git zstd

              # The tool is installed once per version and kept in the cache.
              - name: Restore the tool
                id: tool
                uses: actions/cache@27d5ce7f107fe9357f9df03efb73ab90386fccae # v5.0.5
                with:
                  path: /opt/timeline
                  key: timeline-tool-${{ runner.os }}-${{ runner.arch }}-${{ env.TIMELINE_VERSION }}

              # The release's binary for this machine, when the release has one (else the next step
              # builds the tool): its SHA-256 must match the release's .sha256 file, or the run stops.
              - name: Download the tool
                id: download
                if: steps.tool.outputs.cache-hit != 'true'
                run: |
                  case "$(uname -m)" in
                    x86_64) arch=x86_64 ;;
                    aarch64 | arm64) arch=arm64 ;;
                    *) arch="$(uname -m)" ;;
                  esac
                  name="timeline-${TIMELINE_VERSION#v}-linux-$arch"
                  url="${TIMELINE_SOURCE%.git}/releases/download/$TIMELINE_VERSION/$name.tar.gz"
                  cd "$RUNNER_TEMP"
                  if ! curl --fail --silent --show-error --location --retry 3 --output "$name.tar.gz" "$url"; then
                    echo "::notice::No release binary at $url: building the tool from source"
                    exit 0
                  fi
                  curl --fail --silent --show-error --location --retry 3 --output "$name.tar.gz.sha256" "$url.sha256"
                  echo "$(cut -d ' ' -f 1 "$name.tar.gz.sha256")  $name.tar.gz" | sha256sum --check --strict
                  tar -xzf "$name.tar.gz"
                  install -D -m 755 "$name/timeline" /opt/timeline/bin/timeline
                  echo "downloaded=true" >> "$GITHUB_OUTPUT"

              - name: Build the tool from source
                if: steps.tool.outputs.cache-hit != 'true' && steps.download.outputs.downloaded != 'true'
                run: |
                  apt-get install -y libcmark-dev libxml2-dev libvips-dev zlib1g-dev libbrotli-dev libgit2-dev pkg-config make
                  git clone --depth 1 --branch "$TIMELINE_VERSION" "$TIMELINE_SOURCE" /tmp/timeline
                  make -C /tmp/timeline install PREFIX=/opt/timeline

              - name: Put the tool on the PATH
                run: echo /opt/timeline/bin >> "$GITHUB_PATH"

              # The address GitHub Pages publishes the site at, such as https://user.github.io/repo.
              - name: Configure Pages
                id: pages
                uses: actions/configure-pages@45bfe0192ca1faeb007ade9deae92b16b8254a0d # v6.0.0

              # The image cache, the build state and the last Output/: a build redoes only what changed.
              - name: Restore the build state
                uses: actions/cache@27d5ce7f107fe9357f9df03efb73ab90386fccae # v5.0.5
                with:
                  path: |
                    .timeline-cache
                    Output
                  key: site-${{ runner.os }}-${{ github.sha }}
                  restore-keys: site-${{ runner.os }}-

              - name: Build the site
                env:
                  BASE_URL: ${{ steps.pages.outputs.base_url }}
                run: timeline build --strict --json --base-url "$BASE_URL" > build-report.json

              - name: Check every internal link and image
                env:
                  BASE_URL: ${{ steps.pages.outputs.base_url }}
                run: timeline check --links --base-url "$BASE_URL"

              - name: Keep the build report
                if: always()
                uses: actions/upload-artifact@bbbca2ddaa5d8feaa63e36b76fdaad77386f024f # v7.0.0
                with:
                  name: build-report
                  path: build-report.json

              - uses: actions/upload-pages-artifact@fc324d3547104276b827a68afc52ff2a11cc49c9 # v5.0.0
                with:
                  path: Output
                  include-hidden-files: true

          deploy:
            name: Deploy
            needs: build
            runs-on: ubuntu-24.04
            permissions:
              pages: write # to publish the site
              id-token: write # for deploy-pages to prove to Pages that the run is this repository's
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            steps:
              - id: deployment
                uses: actions/deploy-pages@cd2ce8fcbc39b97be8ca5fce6e763baed58fa128 # v5.0.0

        """
    }
}
