# Open from Hugging Face (issue 16): the dataset viewer's rows API over the surrogate's libcurl client, into
# kfx_core. No Qt here.
target_sources(kfx_core PRIVATE
    hub/hubreplies.cpp
    hub/publishedrows.cpp
    hub/pagecache.cpp
    hub/datasetpull.cpp
)
