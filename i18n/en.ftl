# UI strings, English. Every key here must also be in ja.ftl.
language-name = English
skip-to-content = Skip to the content
nav-label = Site
nav-measurements = Measurements by day
nav-appliances = By appliance
heading-anchor = Link to this section
table-scrolls = Scroll the table sideways for more →
contents-heading = On this page
nav-method = Method
language-switcher = Language
footer-licence = Text and photographs by { $owner }, licensed under
footer-privacy = Privacy
footer-generator = Built with tally { $version } ({ $commit }); every figure on these pages was checked against its run data.
link-untranslated = (English)
translation-of = This is a translation of{" "}
translation-prevails = Where the two differ, the English original prevails.
translation-out-of-date = The original has changed since this translation was made; it may be out of date.
corrections-heading = Corrections
discussion-heading = Discussion
discussion-explainer = The discussion of this page is held in the project's GitHub Discussions. Showing it loads giscus from giscus.app and GitHub; writing in it needs a GitHub account.
discussion-what-it-means = What that means.
discussion-show = Show the discussion
discussion-needs-script = The discussion needs JavaScript here; you can also read it
discussion-on-github = on GitHub.
discussion-failed = The discussion could not be loaded: giscus.app did not answer.
discussion-failed-link = Read and write it in the repository's discussions on GitHub.
measured-on = Measured on
appliances = Appliances
no-measurements-yet = No measurements yet.
not-found-title = Page not found
not-found-text = There is no page at this address.
not-found-home = Go to the home page.
measurements-by-day = Measurements by day
measurements-by-appliance = Measurements by appliance
recent-measurements = Recent measurements
home-title = Home
figure-vendor-label = (vendor's figure)
figure-computed = computed
figure-vendor-source = vendor's figure, not measured here
figure-failed = failed
completion-label = complete
evidence-heading = Where the figures come from
evidence-intro = Every figure this page states, as tally computed it from the run data, with the lines of the files it was read from. Each figure in the text links to its entry here.
evidence-formula = Computed as{" "}
evidence-inputs = From
evidence-dropped = Dropped (drop_ends):
evidence-read = Read from{" "}
evidence-named = {" "}(named in{" "}
evidence-named-end = )
evidence-defined = Defined in{" "}
evidence-typed = Typed by hand in{" "}
evidence-line = { $file }, line { $line }
evidence-lines = { $file }, lines { $first }–{ $last }
evidence-read-with = ,{" "}with{" "}
evidence-read-with-separator = ;{" "}
evidence-vendor = The vendor's figure, not measured here:{" "}
evidence-stated = Stated as
evidence-exact = Exact value:{" "}
evidence-computed = computed by tally
evidence-summary = { $figures } { $figures-form ->
        [one] figure
       *[other] figures
    }, read from { $files } { $files-form ->
        [one] file
       *[other] files
    }
source-of = The run data of{" "}
source-of-end = .{" "}
source-download = Download the file as it is.
source-hint = Each line number links to its line.
source-encoding = Decoded from { $encoding }.
source-description = { $file }: the run data behind “{ $page }”, with numbered lines.
plot-axis-named = { $name } ({ $unit })
plot-axis-rate = Rate ({ $unit })
plot-axis-percent = Share ({ $unit })
plot-axis-bytes = Amount ({ $unit })
plot-axis-seconds = Time ({ $unit })
plot-axis-packets = Packets a second ({ $unit })
plot-axis-count = Count
plot-axis-figure = Figure
plot-axis-run = Run
plot-axis-time = Time (s)
plot-interval = Interval (s)
plot-link-rate = link rate
plot-values = The values plotted
plot-range-separator = –
plot-bars-description = { $count ->
    [one] A bar for the single run, showing { $field }. The table below lists its value.
   *[other] One bar for each of { $count } runs, showing { $field }. The table below lists the values.
  }
plot-intervals-description = { $count ->
    [one] The rate received in the single interval of the run { $run }, with the link's rate as a dashed line. The table below lists the value.
   *[other] The rate received in each of { $count } intervals of the run { $run }, with the link's rate as a dashed line. The table below lists the values.
  }
figure-spread-n = (N = { $n })
figure-spread-range = (N = { $n }, { $low }–{ $high })
figure-spread-se = (SE ± { $spread }, N = { $n })
figure-spread-sd = (SD ± { $spread }, N = { $n })
plot-whiskers-range = Whiskers: the least and the greatest value of the runs
plot-whiskers-se = Whiskers: ± the standard error of the mean
plot-whiskers-sd = Whiskers: ± the standard deviation of the runs
plot-runs = N
plot-spread-range = Range ({ $unit })
plot-spread-se = SE ± ({ $unit })
plot-spread-sd = SD ± ({ $unit })
plot-figures-description = { $count ->
    [one] A bar for the single figure over repeated runs, with whiskers. The table below lists its values.
   *[other] One bar for each of { $count } figures over repeated runs, with whiskers. The table below lists the values.
  }
build-driver = Driver
build-release = Release
build-scripts = Scripts
translation-of-end = .{" "}
taken-by = Taken by
taken-on = Taken on
evidence-line-separator = :{" "}
search-label = Search this site
search-placeholder = Search
search-more = More results
search-none = Nothing found for [SEARCH_TERM]
search-many = [COUNT] results for [SEARCH_TERM]
search-one = [COUNT] result for [SEARCH_TERM]
search-searching = Searching for [SEARCH_TERM]…
files-taken-by = Files taken by others
source-taken-by = This file was taken by{" "}
source-taken-end = .{" "}
source-not-licensed = It is theirs: the licence at the foot of this page does not cover it.
